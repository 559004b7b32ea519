package decomposer

import "testing"

// TestKnownWord: a word written small counts as a name only when no
// dictionary knows it, in any of its forms.
func TestKnownWord(t *testing.T) {
	for w, want := range map[string]bool{
		"shipped": true, "planning": true, "taught": true, "cities": true,
		"aripiprazole": false, "voronina": false,
	} {
		if got := knownWord(w); got != want {
			t.Errorf("knownWord(%q) = %v, want %v", w, got, want)
		}
	}
}
