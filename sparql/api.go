package sparql

import "errors"

// ErrUpdate is wrapped by the error returned when the input is a SPARQL
// Update request.
var ErrUpdate = errors.New("read-only: SPARQL Update is not accepted")
