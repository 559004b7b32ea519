package lexicon_test

import (
	"fmt"

	"github.com/schemaforge/go-schemaforge/lexicon"
)

// ExampleRelated shows the WordNet links the agents read: a noun and its
// verb, an adjective and its attribute, two nouns of one first sense.
func ExampleRelated() {
	fmt.Println(lexicon.Related("scorer", lexicon.Derived))
	fmt.Println(lexicon.Related("tall", lexicon.AttributeOf))
	fmt.Println(lexicon.AreRelated("film", "movie", lexicon.Synonym))
	// Output:
	// [score]
	// [height stature]
	// true
}
