package svgtest

import (
	"slices"
	"testing"
)

func TestTexts(t *testing.T) {
	got, err := Texts([]byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><g><text x="1">a &amp; b</text></g><text>c</text></svg>`))
	if err != nil || !slices.Equal(got, []string{"a & b", "c"}) {
		t.Errorf("Texts = %q, %v", got, err)
	}
	for _, bad := range []string{``, `<svg xmlns="http://www.w3.org/2000/svg"><text>`, `<html/>`, `<svg><text>x</text></svg>`} {
		if _, err := Texts([]byte(bad)); err == nil {
			t.Errorf("Texts(%q) gave no error", bad)
		}
	}
}
