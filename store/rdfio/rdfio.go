package rdfio

import (
	"bufio"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// Quad is one RDF statement and the graph it belongs to.
type Quad struct {
	S sparql.Term // subject: *sparql.IRI or *sparql.BlankNode
	P *sparql.IRI // predicate
	O sparql.Term // object: *sparql.IRI, *sparql.BlankNode or *sparql.Literal
	// G is the graph name: nil for the default graph, else *sparql.IRI or
	// (N-Quads and TriG allow it) *sparql.BlankNode.
	G sparql.Term
}

// String returns the quad in N-Quads form, without the final " .".
func (q Quad) String() string {
	s := q.S.Key() + " " + q.P.Key() + " " + q.O.Key()
	if q.G != nil {
		s += " " + q.G.Key()
	}
	return s
}

// Error is an error at a position of an RDF document: a syntax error, a
// read error, or an error returned by the statement callback (then Line is
// the line where the statement ends). Use errors.As to get at it and
// errors.Is / errors.Unwrap to reach the callback's or the reader's error.
type Error struct {
	File   string // the file name, set by ReadFile; "" otherwise
	Line   int    // 1-based line, 0 when unknown
	Column int    // 1-based column in characters, 0 when unknown
	Err    error  // what went wrong
}

// Error formats the error as "file: line L, column C: message", leaving
// out the parts that are unknown.
func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteString(": ")
	}
	if e.Line > 0 {
		b.WriteString("line ")
		b.WriteString(strconv.Itoa(e.Line))
		if e.Column > 0 {
			b.WriteString(", column ")
			b.WriteString(strconv.Itoa(e.Column))
		}
		b.WriteString(": ")
	}
	if e.Err != nil {
		b.WriteString(e.Err.Error())
	} else {
		b.WriteString("unknown error")
	}
	return b.String()
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// Format is an RDF serialisation format.
type Format int

// The formats the package reads.
const (
	FormatUnknown Format = iota
	NTriples             // N-Triples (.nt)
	NQuads               // N-Quads (.nq)
	Turtle               // Turtle (.ttl)
	TriG                 // TriG (.trig)
	RDFXML               // RDF/XML (.rdf, .owl, .xml)
)

// String returns the format's usual name ("N-Triples", "Turtle", …).
func (f Format) String() string {
	switch f {
	case NTriples:
		return "N-Triples"
	case NQuads:
		return "N-Quads"
	case Turtle:
		return "Turtle"
	case TriG:
		return "TriG"
	case RDFXML:
		return "RDF/XML"
	}
	return "unknown format"
}

// FormatFromPath returns the format of a file from its extension (case
// insensitive, after removing a final ".gz"): .nt, .nq, .ttl, .trig, and
// .rdf, .owl or .xml for RDF/XML. ok is false for any other extension.
func FormatFromPath(path string) (f Format, ok bool) {
	ext := strings.ToLower(filepath.Ext(path))
	if ext == ".gz" {
		ext = strings.ToLower(filepath.Ext(strings.TrimSuffix(path, filepath.Ext(path))))
	}
	switch ext {
	case ".nt":
		return NTriples, true
	case ".nq":
		return NQuads, true
	case ".ttl":
		return Turtle, true
	case ".trig":
		return TriG, true
	case ".rdf", ".owl", ".xml":
		return RDFXML, true
	}
	return FormatUnknown, false
}

// Reader reads RDF documents. The zero Reader is ready to use; its methods
// may be called concurrently.
type Reader struct {
	// BNodePrefix is put in front of every blank-node label the reader
	// returns (see the package documentation for the labelling scheme).
	// Give each document its own prefix, such as "f3_", so that blank
	// nodes of different documents do not merge. It should be empty or a
	// valid blank-node label start for labels to be valid in N-Triples.
	BNodePrefix string
	// MaxLineBytes caps the length of one line, in bytes, counted in the
	// decompressed input: 0 means [DefaultMaxLineBytes] (16 MiB), a
	// negative value no limit. It applies to N-Triples, N-Quads, Turtle
	// and TriG. RDF/XML is often written without line breaks, so there
	// it caps each XML token instead (a tag with its attributes, a run of
	// text, a comment, the DOCTYPE). The limit is enforced while reading:
	// a longer line stops the read with a [*LimitError] before it is
	// buffered whole.
	MaxLineBytes int
	// MaxLiteralBytes caps the lexical form of one literal, in bytes: 0
	// means [DefaultMaxLiteralBytes] (8 MiB), a negative value no limit.
	// N-Triples, N-Quads, Turtle and TriG count the literal as written
	// (escapes count as written, quotes do not). RDF/XML counts each run
	// of text as written, the text of a property element (runs and
	// CDATA sections together) and the content of an
	// rdf:parseType="Literal" element, and caps what the references to
	// entities declared in the DTD expand to in one token. A longer
	// literal stops the read with a [*LimitError].
	MaxLiteralBytes int
}

// checkEvery is how many statements pass between two checks of the
// context in Read and ReadFile.
const checkEvery = 4096

// Read reads a document in format f from in, calling h for each statement.
// base is the base IRI for resolving relative IRIs (Turtle, TriG,
// RDF/XML; ignored for N-Triples and N-Quads). ctx is checked every few
// thousand statements; when it is done, Read stops with an *Error
// wrapping ctx.Err().
func (r Reader) Read(ctx context.Context, in io.Reader, f Format, base string, h func(Quad) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	n := 0
	hc := func(q Quad) error {
		n++
		if n%checkEvery == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		return h(q)
	}
	switch f {
	case NTriples, NQuads:
		return r.NTriples(in, hc)
	case Turtle:
		return r.Turtle(in, base, hc)
	case TriG:
		return r.TriG(in, base, hc)
	case RDFXML:
		return r.RDFXML(in, base, hc)
	}
	return fmt.Errorf("rdfio: cannot read format %d (%s)", int(f), f)
}

// ReadFile reads the RDF file at path, choosing the parser from the file's
// extension ([FormatFromPath]) and decompressing it first when the name
// ends in ".gz". When base is "", relative IRIs are resolved against the
// file's own URL (file:///abs/path). Errors name the file:
// "path: line N, column C: …".
func (r Reader) ReadFile(ctx context.Context, path, base string, h func(Quad) error) error {
	f, ok := FormatFromPath(path)
	if !ok {
		return fmt.Errorf("%s: unknown RDF format (want .nt, .nq, .ttl, .trig, .rdf, .owl or .xml, optionally .gz)", path)
	}
	file, err := os.Open(path)
	if err != nil {
		return err // *PathError names the file
	}
	defer file.Close()
	var in io.Reader = bufio.NewReaderSize(file, 1<<16)
	if strings.EqualFold(filepath.Ext(path), ".gz") {
		zr, err := gzip.NewReader(in)
		if err != nil {
			return fmt.Errorf("%s: gunzip: %w", path, err)
		}
		defer zr.Close()
		in = zr
	}
	if base == "" {
		base = FileIRI(path)
	}
	err = r.Read(ctx, in, f, base, h)
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) && e.File == "" {
		e.File = path
		return e
	}
	return fmt.Errorf("%s: %w", path, err)
}

// FileIRI returns the file: URL of path made absolute, the default base
// IRI of a document read from a file (percent-encoded where needed, e.g.
// file:///data/my%20graph.ttl).
func FileIRI(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	abs = filepath.ToSlash(abs)
	if !strings.HasPrefix(abs, "/") {
		abs = "/" + abs // Windows: C:/x → /C:/x
	}
	return (&url.URL{Scheme: "file", Path: abs}).String()
}

// ReadNTriples reads N-Triples or N-Quads (a fourth term names the graph)
// with the zero Reader.
func ReadNTriples(r io.Reader, h func(Quad) error) error { return Reader{}.NTriples(r, h) }

// ReadTurtle reads Turtle with the zero Reader, resolving relative IRIs
// against base.
func ReadTurtle(r io.Reader, base string, h func(Quad) error) error {
	return Reader{}.Turtle(r, base, h)
}

// ReadTriG reads TriG with the zero Reader, resolving relative IRIs
// against base.
func ReadTriG(r io.Reader, base string, h func(Quad) error) error {
	return Reader{}.TriG(r, base, h)
}

// ReadRDFXML reads RDF/XML with the zero Reader, resolving relative IRIs
// against base.
func ReadRDFXML(r io.Reader, base string, h func(Quad) error) error {
	return Reader{}.RDFXML(r, base, h)
}

// ReadFile reads an RDF file with the zero Reader (see [Reader.ReadFile]).
func ReadFile(ctx context.Context, path, base string, h func(Quad) error) error {
	return Reader{}.ReadFile(ctx, path, base, h)
}

// iriCache shares *sparql.IRI values for IRIs that repeat (predicates,
// datatypes, graph names) within one read. It stops growing at
// maxCachedIRIs entries so that a document with many distinct predicates
// cannot make it large.
type iriCache map[string]*sparql.IRI

const maxCachedIRIs = 4096

// get returns the cached IRI for b, or a new one (cached if there is room).
func (c iriCache) get(b []byte) *sparql.IRI {
	if t, ok := c[string(b)]; ok {
		return t
	}
	t := &sparql.IRI{Value: string(b)}
	if len(c) < maxCachedIRIs {
		c[t.Value] = t
	}
	return t
}

// getString is get for a string.
func (c iriCache) getString(s string) *sparql.IRI {
	if t, ok := c[s]; ok {
		return t
	}
	t := &sparql.IRI{Value: s}
	if len(c) < maxCachedIRIs {
		c[s] = t
	}
	return t
}
