package rdfio

import (
	"fmt"

	"github.com/schemaforge/go-schemaforge/sparql"
)

type literalT = sparql.Literal

func typeName(v any) string { return fmt.Sprintf("%T", v) }
