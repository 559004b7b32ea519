package vocab

import (
	"slices"
	"strings"
	"sync"
	"testing"
)

func TestSplit(t *testing.T) {
	for name, want := range map[string]string{
		"surfacearea":     "surface area",
		"headofstate":     "head of state",
		"lifeexpectancy":  "life expectancy",
		"governmentform":  "government form",
		"isofficial":      "is official",
		"airportcode":     "airport code",
		"zipcode":         "zip code",
		"driverstandings": "driver standings",
		"billingstate":    "billing state",
		"gamesplayed":     "games played",
		"mailshot":        "mail shot",
		"indepyear":       "indep year",
		"mgrstartdate":    "mgr start date",
		// Keys written with their table's name stay whole.
		"dormid":       "",
		"driverid":     "",
		"modelid":      "",
		"birthdate":    "birth date",
		"headsofstate": "heads of state",
		// Words, inflected words and names that are no compounds.
		"capacity":    "",
		"basement":    "",
		"customers":   "",
		"states":      "",
		"population":  "",
		"stuid":       "",
		"fname":       "",
		"city":        "",
		"Surfacearea": "",
		"noid":        "",
		"ssn":         "",
	} {
		got := strings.Join(Split(name), " ")
		if got != want {
			t.Errorf("Split(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestKnown(t *testing.T) {
	for _, w := range []string{"state", "states", "cities", "named", "playing", "expectancy"} {
		if !Known(w) {
			t.Errorf("Known(%q) = false", w)
		}
	}
	for _, w := range []string{"indep", "stuid", "ers", "surfacearea"} {
		if Known(w) {
			t.Errorf("Known(%q) = true", w)
		}
	}
}

func TestWordsFileHasLicence(t *testing.T) {
	if !strings.HasPrefix(wordsText, "# ") || !strings.Contains(wordsText, "Princeton University") {
		t.Fatal("words.txt lost WordNet's licence notice")
	}
	if n := len(lemmas()); n < 50000 {
		t.Fatalf("%d lemmas, want the whole vocabulary", n)
	}
	if slices.ContainsFunc([]string{"of", "is", "id"}, func(w string) bool { return lemmas()[w] }) {
		t.Error("joiners are not lemmas of the list")
	}
}

func FuzzSplit(f *testing.F) {
	for _, s := range []string{"surfacearea", "headofstate", "", "a", "ééé", strings.Repeat("ab", 30)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		parts := Split(s)
		if parts != nil && strings.Join(parts, "") != s {
			t.Fatalf("Split(%q) = %q does not rebuild the name", s, parts)
		}
	})
}

// TestSplitConcurrent: the cache is safe to share, and a caller changing
// the slice it got does not change what others get.
func TestSplitConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				got := Split("surfacearea")
				if strings.Join(got, " ") != "surface area" {
					t.Errorf("Split = %q", got)
					return
				}
				got[0] = "changed"
			}
		}()
	}
	wg.Wait()
}

func TestLemma(t *testing.T) {
	for w, want := range map[string]string{"smiled": "smile", "cities": "city", "start": "start", "xqzt": "xqzt", "starts": "start", "closing": "closing"} {
		if got := Lemma(w); got != want {
			t.Errorf("Lemma(%q) = %q, want %q", w, got, want)
		}
	}
}
