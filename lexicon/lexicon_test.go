package lexicon_test

import (
	"fmt"
	"testing"

	"github.com/schemaforge/go-schemaforge/lexicon"
)

func TestDerives(t *testing.T) {
	for _, c := range []struct {
		term    string
		words   []string
		ok, inv bool
	}{
		{"age", []string{"birth", "date"}, true, true},
		{"age", []string{"founded"}, true, true},
		{"age", []string{"age"}, false, false}, // the attribute itself is not derived
		{"age", []string{"goals"}, false, false},
		{"height", []string{"birth", "date"}, false, false},
	} {
		ok, inv := lexicon.Derives(c.term, c.words)
		if ok != c.ok || inv != c.inv {
			t.Errorf("Derives(%q, %q) = %v, %v; want %v, %v", c.term, c.words, ok, inv, c.ok, c.inv)
		}
	}
	d, ok := lexicon.DerivedFrom("age")
	if !ok || !d.Inverted || len(d.Words) == 0 {
		t.Errorf("DerivedFrom(age) = %+v, %v", d, ok)
	}
	d.Words[0] = "changed"
	if again, _ := lexicon.DerivedFrom("age"); again.Words[0] == "changed" {
		t.Error("DerivedFrom returns the package's own slice")
	}
	if _, ok := lexicon.DerivedFrom("colour"); ok {
		t.Error("colour has a derivation")
	}
}

func TestTemporal(t *testing.T) {
	for w, want := range map[string]bool{"date": true, "year": true, "time": true, "name": false, "capacity": false} {
		if got := lexicon.Temporal(w); got != want {
			t.Errorf("Temporal(%q) = %v", w, got)
		}
	}
}

func ExampleDerives() {
	ok, inverted := lexicon.Derives("age", []string{"birth", "date"})
	fmt.Println(ok, inverted)
	// Output: true true
}

func TestMagnitude(t *testing.T) {
	if !lexicon.Magnitude("largest") || lexicon.Magnitude("oldest") || !lexicon.Size("capacity") || lexicon.Size("name") {
		t.Error("magnitude or size words")
	}
}

func TestPointInTime(t *testing.T) {
	for _, c := range []struct {
		words []string
		want  bool
	}{{[]string{"release", "year"}, true}, {[]string{"founded"}, true}, {[]string{"birth", "place"}, false}, {[]string{"capacity"}, false}} {
		if got := lexicon.PointInTime(c.words); got != c.want {
			t.Errorf("PointInTime(%q) = %v", c.words, got)
		}
	}
}
