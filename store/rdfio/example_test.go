package rdfio_test

import (
	"fmt"
	"strings"

	"github.com/schemaforge/go-schemaforge/store/rdfio"
)

func ExampleReadTurtle() {
	src := `@prefix ex: <http://example.org/> .
<alice> a ex:Person ; ex:knows [ ex:name "Bob"@en ] ; ex:age 042 .`
	err := rdfio.ReadTurtle(strings.NewReader(src), "http://example.org/people/", func(q rdfio.Quad) error {
		fmt.Println(q)
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// <http://example.org/people/alice> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://example.org/Person>
	// _:g1 <http://example.org/name> "Bob"@en
	// <http://example.org/people/alice> <http://example.org/knows> _:g1
	// <http://example.org/people/alice> <http://example.org/age> "042"^^<http://www.w3.org/2001/XMLSchema#integer>
}

// Each document gets its own blank-node label space through BNodePrefix,
// so that _:x of one file and _:x of another stay two nodes.
func ExampleReader() {
	for i, doc := range []string{
		"_:x <http://example.org/p> \"first\" .",
		"_:x <http://example.org/p> \"second\" .",
	} {
		r := rdfio.Reader{BNodePrefix: fmt.Sprintf("f%d_", i)}
		err := r.NTriples(strings.NewReader(doc), func(q rdfio.Quad) error {
			fmt.Println(q)
			return nil
		})
		if err != nil {
			fmt.Println(err)
		}
	}
	// Output:
	// _:f0_x <http://example.org/p> "first"
	// _:f1_x <http://example.org/p> "second"
}

func ExampleReadNTriples_error() {
	src := "<http://example.org/s> <http://example.org/p> \"ok\" .\n<http://example.org/s> <http://example.org/p> \"unterminated .\n"
	err := rdfio.ReadNTriples(strings.NewReader(src), func(rdfio.Quad) error { return nil })
	fmt.Println(err)
	// Output:
	// line 2, column 47: unterminated string (missing '"')
}
