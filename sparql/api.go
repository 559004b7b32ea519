package sparql

import "errors"

// ErrUpdate is wrapped by the error returned when the input is a SPARQL
// Update request.
var ErrUpdate = errors.New("read-only: SPARQL Update is not accepted")

// Parse parses a SPARQL 1.1 query. The error, if any, is an *Error with the
// position, or wraps ErrUpdate for SPARQL Update input.
// TEMPORARY STUB until the parser lands.
func Parse(src string, opts ...Option) (*Query, error) { return nil, errors.New("not implemented") }
