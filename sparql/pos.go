package sparql

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Pos is a byte offset into the query text, counted from 1; the zero Pos
// ([NoPos]) means "no position" (for example a node built by a rewrite).
type Pos int

// NoPos is the zero Pos: the node has no position in any source text.
const NoPos Pos = 0

// IsValid reports whether p is a real position.
func (p Pos) IsValid() bool { return p > 0 }

// Span is the source range [From, To) of a node. Nodes embed it; positions
// are ignored by [Equal].
type Span struct {
	From Pos // first byte of the node
	To   Pos // one past its last byte
}

// Pos returns the position of the node's first byte.
func (s Span) Pos() Pos { return s.From }

// End returns the position one past the node's last byte.
func (s Span) End() Pos { return s.To }

// Position is a human-readable source position.
type Position struct {
	Offset int // byte offset, 0-based
	Line   int // line number, 1-based
	Column int // column number in characters (runes), 1-based
}

// String formats the position as line:column.
func (p Position) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Column) }

// PositionOf converts p into a line and column within src.
func PositionOf(src string, p Pos) Position {
	off := int(p) - 1
	if off < 0 {
		off = 0
	}
	if off > len(src) {
		off = len(src)
	}
	line := 1 + strings.Count(src[:off], "\n")
	lineStart := strings.LastIndexByte(src[:off], '\n') + 1
	col := 1 + utf8.RuneCountInString(src[lineStart:off])
	return Position{Offset: off, Line: line, Column: col}
}

// Error is a syntax or static-semantics error with its position and a
// one-line excerpt of the offending source line with a caret under the
// offending column.
type Error struct {
	Position           // where the error was detected
	Msg      string    // what is wrong, without the position
	Excerpt  string    // the source line (at most 100 characters around the column)
	Caret    string    // spaces and a '^' under the column within Excerpt
	Kind     ErrorKind // syntax, semantic, refused
	Err      error     // the underlying cause, if any (e.g. ErrUpdate)
}

// Unwrap returns the underlying cause, so errors.Is(err, ErrUpdate) works.
func (e *Error) Unwrap() error { return e.Err }

// ErrorKind classifies an [Error].
type ErrorKind int

const (
	// SyntaxError: the text does not match the SPARQL 1.1 grammar.
	SyntaxError ErrorKind = iota
	// SemanticError: the text matches the grammar but breaks one of the
	// rules the specification adds (scoping, grouping, blank-node reuse…).
	SemanticError
	// RefusedError: valid SPARQL that this package does not accept, such as
	// SPARQL Update, or a construct disabled by the dialect.
	RefusedError
)

// Error formats the error as "line:col: message", followed by the excerpt
// and the caret on two more lines.
func (e *Error) Error() string {
	if e.Excerpt == "" {
		return fmt.Sprintf("%s: %s", e.Position, e.Msg)
	}
	return fmt.Sprintf("%s: %s\n\t%s\n\t%s", e.Position, e.Msg, e.Excerpt, e.Caret)
}

// Short is the error on a single line: "line:col: message".
func (e *Error) Short() string { return fmt.Sprintf("%s: %s", e.Position, e.Msg) }

// newError builds an Error at p within src.
func newError(src string, p Pos, kind ErrorKind, format string, args ...any) *Error {
	pos := PositionOf(src, p)
	e := &Error{Position: pos, Msg: fmt.Sprintf(format, args...), Kind: kind}
	lineStart := strings.LastIndexByte(src[:pos.Offset], '\n') + 1
	lineEnd := strings.IndexByte(src[lineStart:], '\n')
	if lineEnd < 0 {
		lineEnd = len(src)
	} else {
		lineEnd += lineStart
	}
	line := []rune(strings.TrimRight(src[lineStart:lineEnd], "\r"))
	col := pos.Column - 1
	if col > len(line) {
		col = len(line)
	}
	from, to := 0, len(line)
	const width = 100
	if to-from > width {
		from = col - width/2
		if from < 0 {
			from = 0
		}
		to = from + width
		if to > len(line) {
			to = len(line)
			from = to - width
		}
	}
	ex := make([]rune, 0, to-from)
	for _, r := range line[from:to] {
		if r == '\t' {
			r = ' '
		}
		ex = append(ex, r)
	}
	e.Excerpt = string(ex)
	e.Caret = strings.Repeat(" ", col-from) + "^"
	return e
}
