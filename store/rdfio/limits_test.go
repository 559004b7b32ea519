package rdfio

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// readWith reads src in format f with r and returns the quads.
func readWith(r Reader, f Format, src string) ([]string, error) {
	return collect(func(h func(Quad) error) error {
		return r.Read(context.Background(), strings.NewReader(src), f, "", h)
	})
}

// checkLimitErr fails unless err is an *Error at line:col wrapping a
// *LimitError about what with the given limit and offset, and its message
// names the limit and the position.
func checkLimitErr(t *testing.T, err error, what, option string, limit int, line, col int, off int64) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want a %s limit error", what)
	}
	var e *Error
	var le *LimitError
	if !errors.As(err, &e) || !errors.As(err, &le) || !errors.Is(err, ErrLimit) {
		t.Fatalf("error %v (%T): want an *Error wrapping a *LimitError", err, err)
	}
	if le.What != what || le.Option != option || le.Limit != limit || le.Offset != off {
		t.Errorf("LimitError = %+v, want What %q, Option %q, Limit %d, Offset %d", *le, what, option, limit, off)
	}
	if e.Line != line || e.Column != col {
		t.Errorf("error at line %d, column %d, want line %d, column %d: %v", e.Line, e.Column, line, col, err)
	}
	for _, want := range []string{what + " starting at byte offset", "rdfio.Reader." + option, sizeString(limit)} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}

func TestSizeString(t *testing.T) {
	for n, want := range map[int]string{1: "1 byte", 100: "100 bytes", 1024: "1 KiB", 1536: "1536 bytes", 16 << 20: "16 MiB", DefaultMaxLiteralBytes: "8 MiB"} {
		if got := sizeString(n); got != want {
			t.Errorf("sizeString(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestLimitsDefaults(t *testing.T) {
	line, lit := Reader{}.limits()
	if line != DefaultMaxLineBytes || lit != DefaultMaxLiteralBytes {
		t.Errorf("zero Reader limits = %d, %d; want the defaults %d, %d", line, lit, DefaultMaxLineBytes, DefaultMaxLiteralBytes)
	}
	line, lit = Reader{MaxLineBytes: -1, MaxLiteralBytes: 5}.limits()
	if line < 1<<40 || lit != 5 {
		t.Errorf("limits(-1, 5) = %d, %d; want no limit, 5", line, lit)
	}
}

// TestLineAndLiteralLimits checks each reader at and just past the
// limits: at the limit the document reads; one byte more is a *LimitError
// giving where the line or literal starts.
func TestLineAndLiteralLimits(t *testing.T) {
	const s = "<http://a/s> <http://a/p> "
	tests := []struct {
		name      string
		r         Reader
		f         Format
		src       string
		ok        bool
		what      string
		line, col int
		off       int64
		limit     int
		option    string
		wantQuads int
	}{
		// N-Triples: the first line is 31 bytes, the second 38, its
		// literal 8.
		{name: "nt line at the limit", r: Reader{MaxLineBytes: 38}, f: NTriples, src: s + "\"a\" .\n" + s + "\"12345678\" .\n", ok: true, wantQuads: 2},
		{name: "nt line over the limit", r: Reader{MaxLineBytes: 37}, f: NTriples, src: s + "\"a\" .\n" + s + "\"12345678\" .\n",
			what: "line", option: "MaxLineBytes", limit: 37, line: 2, col: 1, off: 32},
		{name: "nt line over the limit by its CR", r: Reader{MaxLineBytes: 38}, f: NTriples, src: s + "\"12345678\" .\r\n",
			what: "line", option: "MaxLineBytes", limit: 38, line: 1, col: 1, off: 0},
		{name: "nt literal at the limit", r: Reader{MaxLiteralBytes: 8}, f: NTriples, src: s + "\"a\" .\n" + s + "\"12345678\"@en .\n", ok: true, wantQuads: 2},
		{name: "nt literal over the limit", r: Reader{MaxLiteralBytes: 7}, f: NTriples, src: s + "\"a\" .\n" + s + "\"12345678\"@en .\n",
			what: "literal", option: "MaxLiteralBytes", limit: 7, line: 2, col: 27, off: 32 + 26},
		{name: "nt literal with escapes counts as written", r: Reader{MaxLiteralBytes: 7}, f: NTriples, src: s + `"\u0041\t" .`,
			what: "literal", option: "MaxLiteralBytes", limit: 7, line: 1, col: 27, off: 26},
		{name: "nt literal after a bare CR", r: Reader{MaxLiteralBytes: 3}, f: NTriples, src: s + "\"a\" .\r" + s + "\"abcd\" .",
			what: "literal", option: "MaxLiteralBytes", limit: 3, line: 2, col: 27, off: 32 + 26},
		{name: "nt no limit", r: Reader{MaxLineBytes: -1, MaxLiteralBytes: -1}, f: NTriples, src: s + "\"" + strings.Repeat("x", 1<<17) + "\" .\n", ok: true, wantQuads: 1},

		// Turtle: the statements start on line 3, after the two prefix
		// lines of ex (78 bytes).
		{name: "ttl literal at the limit", r: Reader{MaxLiteralBytes: 4}, f: Turtle, src: ex + `:s :p "abcd", 'ab\'' .`, ok: true, wantQuads: 2},
		{name: "ttl short literal over the limit", r: Reader{MaxLiteralBytes: 4}, f: Turtle, src: ex + `:s :p "abcd", "abcde" .`,
			what: "literal", option: "MaxLiteralBytes", limit: 4, line: 3, col: 15, off: int64(len(ex)) + 14},
		{name: "ttl long literal over the limit, across lines", r: Reader{MaxLiteralBytes: 10}, f: Turtle, src: ex + ":s :p \"\"\"abc\ndef\nghij\"\"\" .",
			what: "literal", option: "MaxLiteralBytes", limit: 10, line: 3, col: 7, off: int64(len(ex)) + 6},
		{name: "ttl long literal at the limit, across lines", r: Reader{MaxLiteralBytes: 11}, f: Turtle, src: ex + ":s :p \"\"\"abc\ndef\nghi\"\"\" .", ok: true, wantQuads: 1},
		// The prefix lines are 24 and 52 bytes, the long one 79.
		{name: "ttl line over the limit", r: Reader{MaxLineBytes: 78}, f: Turtle, src: ex + ":s :p :o .\n:s :p :" + strings.Repeat("x", 70) + " .\n",
			what: "line", option: "MaxLineBytes", limit: 78, line: 4, col: 1, off: int64(len(ex)) + 11},
		{name: "ttl line at the limit", r: Reader{MaxLineBytes: 79}, f: Turtle, src: ex + ":s :p :o .\n:s :p :" + strings.Repeat("x", 70) + " .\n", ok: true, wantQuads: 2},
		{name: "trig literal over the limit", r: Reader{MaxLiteralBytes: 2}, f: TriG, src: ex + ":g { :s :p 'abc' }",
			what: "literal", option: "MaxLiteralBytes", limit: 2, line: 3, col: 12, off: int64(len(ex)) + 11},

		// RDF/XML: xmlHead is three lines; the element opening a literal
		// on the third is 47 bytes.
		{name: "xml text at the limit", r: Reader{MaxLiteralBytes: 5}, f: RDFXML, src: xmlHead + `<rdf:Description rdf:about="http://ex/s"><ex:p>abcde</ex:p></rdf:Description></rdf:RDF>`, ok: true, wantQuads: 1},
		{name: "xml text over the limit", r: Reader{MaxLiteralBytes: 5}, f: RDFXML, src: xmlHead + `<rdf:Description rdf:about="http://ex/s"><ex:p>abcdef</ex:p></rdf:Description></rdf:RDF>`,
			what: "literal", option: "MaxLiteralBytes", limit: 5, line: 3, col: 48, off: int64(len(xmlHead)) + 47},
		{name: "xml text with CDATA over the limit", r: Reader{MaxLiteralBytes: 5}, f: RDFXML, src: xmlHead + `<rdf:Description rdf:about="http://ex/s"><ex:p>abc<![CDATA[def]]></ex:p></rdf:Description></rdf:RDF>`,
			what: "literal", option: "MaxLiteralBytes", limit: 5, line: 3, col: 48, off: int64(len(xmlHead)) + 47},
		{name: "xml parseType Literal over the limit", r: Reader{MaxLiteralBytes: 8}, f: RDFXML, src: xmlHead + `<rdf:Description rdf:about="http://ex/s"><ex:p rdf:parseType="Literal"><b>abcdef</b></ex:p></rdf:Description></rdf:RDF>`,
			what: "literal", option: "MaxLiteralBytes", limit: 8, line: 3, col: 72, off: int64(len(xmlHead)) + 71},
		{name: "xml token over the limit", r: Reader{MaxLineBytes: 200}, f: RDFXML, src: xmlHead + `<rdf:Description rdf:about="http://ex/s" ex:p="` + strings.Repeat("v", 200) + `"/></rdf:RDF>`,
			what: "XML token", option: "MaxLineBytes", limit: 200, line: 3, col: 1, off: int64(len(xmlHead))},
		// Entities: the DOCTYPE is the second line, at byte offset 22.
		{name: "xml entities at the limit", r: Reader{MaxLiteralBytes: 100}, f: RDFXML,
			src: withDoctype(`<!ENTITY a "0123456789"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">`) + `<rdf:Description rdf:about="http://ex/s"><ex:p>&b;</ex:p><ex:p>` + strings.Repeat("&a;", 10) + `</ex:p></rdf:Description></rdf:RDF>`,
			ok:  true, wantQuads: 2},
		{name: "xml nested entities over the limit", r: Reader{MaxLiteralBytes: 100}, f: RDFXML,
			src:  withDoctype(`<!ENTITY a "0123456789"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;">`) + `</rdf:RDF>`,
			what: "entity expansion", option: "MaxLiteralBytes", limit: 100, line: 2, col: 1, off: 22},
		{name: "xml entity references over the limit", r: Reader{MaxLiteralBytes: 100}, f: RDFXML,
			src:  withDoctype(`<!ENTITY a "0123456789">`) + `<rdf:Description rdf:about="http://ex/s"><ex:p>` + strings.Repeat("&a;", 11) + `</ex:p></rdf:Description></rdf:RDF>`,
			what: "entity expansion", option: "MaxLiteralBytes", limit: 100, line: 4, col: 48, off: int64(len(withDoctype(`<!ENTITY a "0123456789">`))) + 47},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			quads, err := readWith(tt.r, tt.f, tt.src)
			if tt.ok {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				if len(quads) != tt.wantQuads {
					t.Errorf("%d quads, want %d: %q", len(quads), tt.wantQuads, quads)
				}
				return
			}
			checkLimitErr(t, err, tt.what, tt.option, tt.limit, tt.line, tt.col, tt.off)
			// Without the limit the document reads.
			if _, err := readWith(Reader{MaxLineBytes: -1, MaxLiteralBytes: -1}, tt.f, tt.src); err != nil {
				t.Errorf("without limits: %v", err)
			}
		})
	}
}

// withDoctype returns xmlHead with a DOCTYPE declaring decls on a line of
// its own after the XML declaration.
func withDoctype(decls string) string {
	return strings.Replace(xmlHead, "<rdf:RDF", "<!DOCTYPE rdf:RDF ["+decls+"]>\n<rdf:RDF", 1)
}

// TestLongLineLiteralWhileReading checks that the literal of an N-Triples
// line longer than the read buffer is measured while the line is read
// (the error is the literal's, not the line's), also when escapes and
// IRIs precede it, and that a line over the limit stops the read.
func TestLongLineLiteralWhileReading(t *testing.T) {
	head := `<http://a/s#"x> <http://a/p> "esc \" \\ ok" <http://a/g> . <http://a/s> <http://a/p> "`
	src := head + strings.Repeat("y", 300<<10) + "\" .\n"
	_, err := readWith(Reader{MaxLiteralBytes: 100 << 10}, NQuads, src)
	checkLimitErr(t, err, "literal", "MaxLiteralBytes", 100<<10, 1, len(head), int64(len(head)-1))
	_, err = readWith(Reader{MaxLineBytes: 200 << 10, MaxLiteralBytes: 250 << 10}, NQuads, "# c\n"+src)
	checkLimitErr(t, err, "line", "MaxLineBytes", 200<<10, 2, 1, 4)
	// A long comment line is not a literal.
	if _, err := readWith(Reader{MaxLiteralBytes: 10}, NTriples, "# \""+strings.Repeat("z", 200<<10)+"\n"); err != nil {
		t.Errorf("long comment: %v", err)
	}
}

// hugeLiteral is an io.Reader generating a document whose one statement
// has a literal of n bytes: head, n times 'x', tail. It counts what it
// has produced.
type hugeLiteral struct {
	head, tail string
	n          int64
	produced   int64
}

func (g *hugeLiteral) Read(p []byte) (int, error) {
	total := int64(len(g.head)) + g.n + int64(len(g.tail))
	if g.produced >= total {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && g.produced < total {
		switch {
		case g.produced < int64(len(g.head)):
			c := copy(p[k:], g.head[g.produced:])
			k, g.produced = k+c, g.produced+int64(c)
		case g.produced < int64(len(g.head))+g.n:
			c := int(min(int64(len(p)-k), int64(len(g.head))+g.n-g.produced))
			for i := range c {
				p[k+i] = 'x'
			}
			k, g.produced = k+c, g.produced+int64(c)
		default:
			c := copy(p[k:], g.tail[g.produced-int64(len(g.head))-g.n:])
			k, g.produced = k+c, g.produced+int64(c)
		}
	}
	return k, nil
}

// gzipStream compresses what gen produces on the fly and returns the
// compressed stream; stop ends the compressing goroutine and reports how
// many uncompressed bytes it took from gen.
func gzipStream(gen *hugeLiteral) (io.Reader, func() int64) {
	pr, pw := io.Pipe()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		zw, _ := gzip.NewWriterLevel(pw, gzip.BestSpeed)
		_, err := io.Copy(zw, gen)
		if err == nil {
			err = zw.Close()
		}
		pw.CloseWithError(err)
	}()
	return pr, func() int64 {
		pr.CloseWithError(errors.New("reader done"))
		wg.Wait()
		return gen.produced
	}
}

// TestHugeGzippedLiteral reads, with the default limits, a gzip stream
// that expands to one statement with a 300 MB literal, as a .nt.gz of
// 300 KB does: the read must stop with a limit error naming the limit and
// where the literal starts, having taken little more than the limit from
// the stream and allocated a bounded amount (reading the literal whole
// took 1.4 GB).
func TestHugeGzippedLiteral(t *testing.T) {
	if testing.Short() {
		t.Skip("decompresses tens of megabytes")
	}
	const huge = 300 << 20
	tests := []struct {
		f          Format
		head, tail string
		what       string
		line, col  int
		limit      int
	}{
		{NTriples, "<http://a/s> <http://a/p> \"", "\" .\n", "literal", 1, 27, DefaultMaxLiteralBytes},
		{Turtle, "@prefix : <http://a/> .\n:s :p \"\"\"", "\"\"\" .\n", "literal", 2, 7, DefaultMaxLiteralBytes},
		{TriG, "@prefix : <http://a/> .\n:g { :s :p '", "' }\n", "literal", 2, 12, DefaultMaxLiteralBytes},
		// encoding/xml returns the text read up to the token limit (16
		// MiB), which is over the literal limit.
		{RDFXML, xmlHead + "<rdf:Description rdf:about=\"http://a/s\"><ex:p>", "</ex:p></rdf:Description></rdf:RDF>", "literal", 3, 47, DefaultMaxLiteralBytes},
	}
	for _, tt := range tests {
		t.Run(tt.f.String(), func(t *testing.T) {
			gen := &hugeLiteral{head: tt.head, tail: tt.tail, n: huge}
			stream, stop := gzipStream(gen)
			zr, err := gzip.NewReader(stream)
			if err != nil {
				t.Fatal(err)
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			err = Reader{}.Read(context.Background(), zr, tt.f, "", func(Quad) error { return nil })
			runtime.ReadMemStats(&after)
			produced := stop()
			option := "MaxLiteralBytes"
			if tt.what != "literal" {
				option = "MaxLineBytes"
			}
			off := int64(len(tt.head) - 1)
			if tt.f == Turtle {
				off -= 2 // the literal starts at the first of three quotes
			}
			if tt.f == RDFXML {
				off = int64(len(tt.head))
			}
			if produced > int64(DefaultMaxLineBytes)+4<<20 {
				t.Errorf("the reader took %d bytes from the stream; it should stop soon after the limits", produced)
			}
			checkLimitErr(t, err, tt.what, option, tt.limit, tt.line, tt.col, off)
			t.Logf("took %d MiB from the stream, allocated %d MiB", produced>>20, (after.TotalAlloc-before.TotalAlloc)>>20)
			// Reading the literal whole would allocate more than 300 MB.
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 12*uint64(tt.limit) {
				t.Errorf("the read allocated %d MiB for a %d MiB limit", alloc>>20, tt.limit>>20)
			}
		})
	}
}

// TestReadFileLimitNamesFile reads a .nt.gz whose literal is over the
// limit: the error names the file, the line and the limit.
func TestReadFileLimitNamesFile(t *testing.T) {
	path := writeFile(t, t.TempDir(), "big.nt.gz", "<http://a/s> <http://a/p> \"ok\" .\n<http://a/s> <http://a/p> \""+strings.Repeat("x", 1<<20)+"\" .\n")
	err := Reader{MaxLiteralBytes: 1 << 10}.ReadFile(context.Background(), path, "", func(Quad) error { return nil })
	checkLimitErr(t, err, "literal", "MaxLiteralBytes", 1<<10, 2, 27, 33+26)
	if want := path + ": line 2, column 27: literal starting at byte offset 59 is longer than the limit of 1 KiB (rdfio.Reader.MaxLiteralBytes)"; err.Error() != want {
		t.Errorf("error\n%s\nwant\n%s", err, want)
	}
}

// TestLimitedReadsAgree checks, on the readers' own test documents, that a
// limit never changes what a read returns: with generous limits the quads
// are the same as without.
func TestLimitedReadsAgree(t *testing.T) {
	docs := []struct {
		f   Format
		src string
	}{
		{NTriples, string(genNTriples(50))},
		{Turtle, ex + ":s :p :o1 , :o2 ; :q [ :r ( 1 2.5 -3e4 ) ] ; a :C .\n:t :p \"\"\"a\nb\"\"\" ."},
		{TriG, ex + "GRAPH :g { :s :p :o } :h { [] :p () } { :s :p 'x' . }"},
		{RDFXML, xmlHead + `<rdf:Description rdf:about="http://ex/s" ex:a="b"><ex:p rdf:parseType="Collection"><ex:T/></ex:p><ex:q rdf:parseType="Literal"><x/></ex:q><rdf:li rdf:ID="r">v</rdf:li></rdf:Description></rdf:RDF>`},
	}
	for _, d := range docs {
		want, err := readWith(Reader{MaxLineBytes: -1, MaxLiteralBytes: -1}, d.f, d.src)
		if err != nil {
			t.Fatalf("%s: %v", d.f, err)
		}
		got, err := readWith(Reader{MaxLineBytes: 1 << 10, MaxLiteralBytes: 64}, d.f, d.src)
		if err != nil {
			t.Fatalf("%s with limits: %v", d.f, err)
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: with limits\n%s\nwithout\n%s", d.f, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// checkLimitedAgrees reads data with small limits and without: a limited
// read that succeeds must return the same quads, one that fails other
// than on a limit the same error. Used by the fuzz tests.
func checkLimitedAgrees(t *testing.T, f Format, data []byte) {
	t.Helper()
	read := func(r Reader) ([]string, error) {
		return collect(func(h func(Quad) error) error {
			return r.Read(context.Background(), bytes.NewReader(data), f, "http://base/dir/doc", h)
		})
	}
	want, werr := read(Reader{MaxLineBytes: -1, MaxLiteralBytes: -1})
	got, gerr := read(Reader{MaxLineBytes: 48, MaxLiteralBytes: 8})
	if gerr != nil {
		var le *LimitError
		if errors.As(gerr, &le) {
			if !errors.Is(gerr, ErrLimit) || le.Offset < 0 || le.Offset > int64(len(data)) {
				t.Fatalf("limit error %v: offset outside the input of %d bytes", gerr, len(data))
			}
			return
		}
		if werr == nil || werr.Error() != gerr.Error() {
			t.Fatalf("with limits: %v; without: %v", gerr, werr)
		}
		return
	}
	if werr != nil {
		t.Fatalf("with limits the read succeeds, without it fails: %v", werr)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("with limits\n%s\nwithout\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
