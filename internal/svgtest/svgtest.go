// Package svgtest reads SVG documents for tests: it checks that one is
// well-formed XML with an svg root and returns its text elements, so
// that a test can look for a plot's title, axis labels and legend.
package svgtest

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
)

// Texts returns the character data of each text element of the SVG
// document data, in document order. It fails when data is not
// well-formed XML or its root is not an SVG element.
func Texts(data []byte) ([]string, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	var out []string
	root := false
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("svgtest: not well-formed XML: %w", err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if !root {
			if se.Name.Space != "http://www.w3.org/2000/svg" || se.Name.Local != "svg" {
				return nil, fmt.Errorf("svgtest: root element %s %s, want an SVG svg", se.Name.Space, se.Name.Local)
			}
			root = true
		}
		if se.Name.Local == "text" {
			var s string
			if err := d.DecodeElement(&s, &se); err != nil {
				return nil, fmt.Errorf("svgtest: text element: %w", err)
			}
			out = append(out, s)
		}
	}
	if !root {
		return nil, errors.New("svgtest: no root element")
	}
	return out, nil
}
