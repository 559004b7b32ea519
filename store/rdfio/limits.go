package rdfio

import (
	"errors"
	"fmt"
	"math"
	"strconv"
)

// The default size limits of a [Reader] whose MaxLineBytes or
// MaxLiteralBytes is 0. They are far above ordinary data (8 MiB is the
// text of several books) and bound what one line or literal can make the
// reader hold in memory: without them a 300 KB .nt.gz expanding to a
// single 300 MB literal took 1.4 GB.
const (
	DefaultMaxLineBytes    = 16 << 20 // 16 MiB
	DefaultMaxLiteralBytes = 8 << 20  // 8 MiB
)

// ErrLimit is the error a [*LimitError] matches with errors.Is: the input
// has a line, literal or XML token larger than the [Reader] allows.
var ErrLimit = errors.New("rdfio: input exceeds a size limit")

// LimitError reports a line, literal or XML token longer than one of the
// [Reader]'s limits. Readers return it wrapped in an [*Error] whose Line
// and Column are where the over-long line, literal or token starts (file
// name added by ReadFile); errors.As reaches it and errors.Is(err,
// ErrLimit) matches it.
type LimitError struct {
	What   string // "line", "literal" or "XML token"
	Limit  int    // the limit, in bytes
	Option string // the Reader field that sets the limit: "MaxLineBytes" or "MaxLiteralBytes"
	// Offset is the byte offset, in the decompressed input, where the
	// line, literal (its opening quote) or token starts.
	Offset int64
}

// Error says what is too long, where it starts and which limit it
// exceeds: "literal starting at byte offset 39 is longer than the limit
// of 8 MiB (rdfio.Reader.MaxLiteralBytes)".
func (e *LimitError) Error() string {
	return fmt.Sprintf("%s starting at byte offset %d is longer than the limit of %s (rdfio.Reader.%s)",
		e.What, e.Offset, sizeString(e.Limit), e.Option)
}

// Is reports whether target is [ErrLimit].
func (e *LimitError) Is(target error) bool { return target == ErrLimit }

// sizeString writes a byte count as "16 MiB", "64 KiB" or "1000 bytes".
func sizeString(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.Itoa(n>>20) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.Itoa(n>>10) + " KiB"
	case n == 1:
		return "1 byte"
	}
	return strconv.Itoa(n) + " bytes"
}

// limits returns the reader's line and literal limits with the defaults
// applied; "no limit" is math.MaxInt.
func (r Reader) limits() (line, literal int) {
	pick := func(v, def int) int {
		switch {
		case v == 0:
			return def
		case v < 0:
			return math.MaxInt
		}
		return v
	}
	return pick(r.MaxLineBytes, DefaultMaxLineBytes), pick(r.MaxLiteralBytes, DefaultMaxLiteralBytes)
}

// lineLimit and literalLimit make the *LimitError of an over-long line or
// literal starting at byte offset off.
func lineLimit(limit int, off int64) *LimitError {
	return &LimitError{What: "line", Limit: limit, Option: "MaxLineBytes", Offset: off}
}

func literalLimit(limit int, off int64) *LimitError {
	return &LimitError{What: "literal", Limit: limit, Option: "MaxLiteralBytes", Offset: off}
}

// appendGrow is append for buffers that can grow to megabytes (a long
// line, a long literal): it doubles the capacity, where append grows large
// slices by a quarter and so allocates about five times the final size in
// all.
func appendGrow(b, more []byte) []byte {
	if n := len(b) + len(more); n > cap(b) {
		nb := make([]byte, len(b), max(2*cap(b), n))
		copy(nb, b)
		b = nb
	}
	return append(b, more...)
}
