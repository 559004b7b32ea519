package store

// String functions (SPARQL 1.1 §17.4.3): STRLEN, SUBSTR, UCASE, LCASE,
// STRSTARTS, STRENDS, CONTAINS, STRBEFORE, STRAFTER, ENCODE_FOR_URI, CONCAT,
// LANGMATCHES, REGEX and REPLACE.
//
// Strings are counted in Unicode code points. Regular expressions use the
// XPath syntax translated to Go's RE2 (see translateXPathRegex for the
// differences).

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/schemaforge/go-schemaforge/rdfvalue"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// stringLit returns t when it is a string literal: simple, xsd:string or
// language-tagged.
func stringLit(t sparql.Term) (*sparql.Literal, bool) {
	l, ok := t.(*sparql.Literal)
	if !ok || l == nil || l.Lang == "" && !rdfvalue.IsPlainString(l) {
		return nil, false
	}
	return l, true
}

// plainString returns t when it is a simple literal or an xsd:string.
func plainString(t sparql.Term) (*sparql.Literal, bool) {
	l, ok := t.(*sparql.Literal)
	if !ok || l == nil || !rdfvalue.IsPlainString(l) {
		return nil, false
	}
	return l, true
}

// sameKind returns a literal with lexical form s of the same kind as src:
// the same language tag, or xsd:string, or simple.
func sameKind(src *sparql.Literal, s string) *sparql.Literal {
	l := &sparql.Literal{Lexical: s, Lang: src.Lang}
	if src.Lang == "" && src.Datatype != nil && src.Datatype.Value == sparql.XSDString {
		l.Datatype = src.Datatype
	}
	return l
}

// compatible reports whether a and b are argument-compatible (§17.4.3.1.2):
// b is simple or xsd:string, or both carry the same language tag.
func compatible(a, b *sparql.Literal) bool {
	if b.Lang == "" {
		return true
	}
	return a.Lang != "" && strings.EqualFold(a.Lang, b.Lang)
}

// stringPair returns the two compatible string arguments of STRSTARTS,
// STRENDS, CONTAINS, STRBEFORE and STRAFTER.
func stringPair(args []sparql.Term) (*sparql.Literal, *sparql.Literal, error) {
	if err := arity(args, 2, 2); err != nil {
		return nil, nil, err
	}
	a, ok1 := stringLit(args[0])
	b, ok2 := stringLit(args[1])
	if !ok1 || !ok2 {
		return nil, nil, errNotString
	}
	if !compatible(a, b) {
		return nil, nil, errIncompatible
	}
	return a, b, nil
}

// fnStrlen is STRLEN: the length in code points.
func fnStrlen(args []sparql.Term) (sparql.Term, error) {
	if err := arity(args, 1, 1); err != nil {
		return nil, err
	}
	s, ok := stringLit(args[0])
	if !ok {
		return nil, errNotString
	}
	return rdfvalue.NewInteger(int64(utf8.RuneCountInString(s.Lexical))).Literal(), nil
}

// fnSubstr is SUBSTR(str, start[, length]) with the fn:substring rules:
// the code points at positions p (from 1) with round(start) ≤ p <
// round(start) + round(length). start and length may be any numbers.
func fnSubstr(args []sparql.Term) (sparql.Term, error) {
	if err := arity(args, 2, 3); err != nil {
		return nil, err
	}
	s, ok := stringLit(args[0])
	if !ok {
		return nil, errNotString
	}
	start, ok := numericTerm(args[1])
	if !ok {
		return nil, errNotNumeric
	}
	from := rdfvalue.RoundFloat64(start.Float64())
	to := math.Inf(1)
	if len(args) == 3 {
		n, ok := numericTerm(args[2])
		if !ok {
			return nil, errNotNumeric
		}
		to = from + rdfvalue.RoundFloat64(n.Float64())
	}
	if math.IsNaN(from) || math.IsNaN(to) {
		return sameKind(s, ""), nil
	}
	var b strings.Builder
	p := 0
	for _, r := range s.Lexical {
		p++
		fp := float64(p)
		if fp >= to {
			break
		}
		if fp >= from {
			b.WriteRune(r)
		}
	}
	return sameKind(s, b.String()), nil
}

// fnUcase is UCASE.
func fnUcase(args []sparql.Term) (sparql.Term, error) {
	if err := arity(args, 1, 1); err != nil {
		return nil, err
	}
	s, ok := stringLit(args[0])
	if !ok {
		return nil, errNotString
	}
	return sameKind(s, strings.ToUpper(s.Lexical)), nil
}

// fnLcase is LCASE.
func fnLcase(args []sparql.Term) (sparql.Term, error) {
	if err := arity(args, 1, 1); err != nil {
		return nil, err
	}
	s, ok := stringLit(args[0])
	if !ok {
		return nil, errNotString
	}
	return sameKind(s, strings.ToLower(s.Lexical)), nil
}

// fnStringTest is STRSTARTS, STRENDS and CONTAINS (name).
func fnStringTest(name string, args []sparql.Term) (sparql.Term, error) {
	a, b, err := stringPair(args)
	if err != nil {
		return nil, err
	}
	switch name {
	case "STRSTARTS":
		return rdfvalue.BoolLiteral(strings.HasPrefix(a.Lexical, b.Lexical)), nil
	case "STRENDS":
		return rdfvalue.BoolLiteral(strings.HasSuffix(a.Lexical, b.Lexical)), nil
	}
	return rdfvalue.BoolLiteral(strings.Contains(a.Lexical, b.Lexical)), nil
}

// fnStrBefore is STRBEFORE: the part of the first argument before the
// first occurrence of the second, of the first argument's kind; "" (simple)
// when there is none.
func fnStrBefore(args []sparql.Term) (sparql.Term, error) {
	a, b, err := stringPair(args)
	if err != nil {
		return nil, err
	}
	i := strings.Index(a.Lexical, b.Lexical)
	if i < 0 {
		return &sparql.Literal{}, nil
	}
	return sameKind(a, a.Lexical[:i]), nil
}

// fnStrAfter is STRAFTER: the part of the first argument after the first
// occurrence of the second, of the first argument's kind; "" (simple) when
// there is none.
func fnStrAfter(args []sparql.Term) (sparql.Term, error) {
	a, b, err := stringPair(args)
	if err != nil {
		return nil, err
	}
	i := strings.Index(a.Lexical, b.Lexical)
	if i < 0 {
		return &sparql.Literal{}, nil
	}
	return sameKind(a, a.Lexical[i+len(b.Lexical):]), nil
}

// fnEncodeForURI is ENCODE_FOR_URI: every byte of the UTF-8 form except
// the unreserved characters A-Z a-z 0-9 - _ . ~ is percent-encoded.
func fnEncodeForURI(args []sparql.Term) (sparql.Term, error) {
	if err := arity(args, 1, 1); err != nil {
		return nil, err
	}
	s, ok := stringLit(args[0])
	if !ok {
		return nil, errNotString
	}
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s.Lexical); i++ {
		c := s.Lexical[i]
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || isDigit(c) || c == '-' || c == '_' || c == '.' || c == '~' {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return sparql.NewLiteral(b.String()), nil
}

// fnConcat is CONCAT: a language-tagged result when every argument has the
// same tag, an xsd:string when every argument is an xsd:string, else a
// simple literal.
func fnConcat(args []sparql.Term) (sparql.Term, error) {
	var b strings.Builder
	lang := ""
	sameLang, allXSD := len(args) > 0, len(args) > 0
	for i, a := range args {
		s, ok := stringLit(a)
		if !ok {
			return nil, errNotString
		}
		b.WriteString(s.Lexical)
		if i == 0 {
			lang = s.Lang
		}
		if s.Lang == "" || !strings.EqualFold(s.Lang, lang) {
			sameLang = false
		}
		if s.Datatype == nil || s.Datatype.Value != sparql.XSDString {
			allXSD = false
		}
	}
	switch {
	case sameLang:
		return &sparql.Literal{Lexical: b.String(), Lang: lang}, nil
	case allXSD:
		return &sparql.Literal{Lexical: b.String(), Datatype: &sparql.IRI{Value: sparql.XSDString}}, nil
	}
	return sparql.NewLiteral(b.String()), nil
}

// fnLangMatches is LANGMATCHES(tag, range): RFC 4647 basic filtering,
// case-insensitive; "*" matches every non-empty tag.
func fnLangMatches(args []sparql.Term) (sparql.Term, error) {
	if err := arity(args, 2, 2); err != nil {
		return nil, err
	}
	t, ok1 := plainString(args[0])
	r, ok2 := plainString(args[1])
	if !ok1 || !ok2 {
		return nil, errNotString
	}
	return rdfvalue.BoolLiteral(rdfvalue.LangMatches(t.Lexical, r.Lexical)), nil
}

// fnRegex is REGEX(text, pattern[, flags]).
func (ev *exprEnv) fnRegex(args []sparql.Term) (sparql.Term, error) {
	if err := arity(args, 2, 3); err != nil {
		return nil, err
	}
	s, ok := stringLit(args[0])
	if !ok {
		return nil, errNotString
	}
	re, err := ev.regexArgs(args[1:])
	if err != nil {
		return nil, err
	}
	var matched bool
	if err := ev.bounded("REGEX", len(s.Lexical), func() { matched = re.MatchString(s.Lexical) }); err != nil {
		return nil, err
	}
	return rdfvalue.BoolLiteral(matched), nil
}

// fnReplace is REPLACE(text, pattern, replacement[, flags]) with the
// fn:replace rules: $N refers to group N, \$ and \\ are a literal $ and \,
// a pattern that matches the empty string is an error.
func (ev *exprEnv) fnReplace(args []sparql.Term) (sparql.Term, error) {
	if err := arity(args, 3, 4); err != nil {
		return nil, err
	}
	s, ok := stringLit(args[0])
	if !ok {
		return nil, errNotString
	}
	repl, ok := plainString(args[2])
	if !ok {
		return nil, errNotString
	}
	reArgs := []sparql.Term{args[1]}
	if len(args) == 4 {
		reArgs = append(reArgs, args[3])
	}
	re, err := ev.regexArgs(reArgs)
	if err != nil {
		return nil, err
	}
	if re.MatchString("") {
		return nil, exprError("REPLACE: the pattern matches the empty string")
	}
	ngroups := re.NumSubexp()
	if _, err := expandReplacement(nil, repl.Lexical, "", nil, ngroups); err != nil {
		return nil, err
	}
	text := s.Lexical
	// The match indexes are held at once: no more of them than the
	// memory budget has room for.
	perMatch := int64(24 + 16*(ngroups+1))
	most := ev.mem.room() / perMatch
	if most <= 0 || most > int64(len(text))+1 {
		most = int64(len(text)) + 1 // a non-empty match per byte at most
	}
	var matches [][]int
	if err := ev.bounded("REPLACE", len(text), func() { matches = re.FindAllStringSubmatchIndex(text, int(most)+1) }); err != nil {
		return nil, err
	}
	if err := ev.grows("REPLACE's matches", int64(len(matches))*perMatch); err != nil {
		return nil, err
	}
	if len(matches) == 0 {
		return sameKind(s, text), nil
	}
	out := make([]byte, 0, len(text))
	last, checked := 0, 0
	for _, m := range matches {
		out = append(out, text[last:m[0]]...)
		out, _ = expandReplacement(out, repl.Lexical, text, m, ngroups)
		last = m[1]
		// The result may outgrow the text many times over: check it
		// against the budget (and the deadline) as it grows.
		if len(out)-checked >= checkEvery {
			checked = len(out)
			if err := ev.grows("REPLACE", int64(len(out)+len(text)-last)); err != nil {
				return nil, err
			}
			if err := ev.alive("REPLACE"); err != nil {
				return nil, err
			}
		}
	}
	out = append(out, text[last:]...)
	return sameKind(s, string(out)), nil
}

// expandReplacement appends the fn:replace replacement tmpl for the match
// m of src to dst. $N takes the longest digit string that names a group
// (digits beyond that are literal; $N with N ≤ 9 and no such group is
// empty); a group that did not take part in the match is empty. With m nil
// it only validates tmpl.
func expandReplacement(dst []byte, tmpl, src string, m []int, ngroups int) ([]byte, error) {
	for i := 0; i < len(tmpl); i++ {
		c := tmpl[i]
		switch c {
		case '\\':
			if i+1 < len(tmpl) && (tmpl[i+1] == '\\' || tmpl[i+1] == '$') {
				dst = append(dst, tmpl[i+1])
				i++
				continue
			}
			return nil, exprError(`REPLACE: "\" must be followed by "\" or "$" in the replacement`)
		case '$':
			j := i + 1
			for j < len(tmpl) && isDigit(tmpl[j]) {
				j++
			}
			digits := tmpl[i+1 : j]
			if digits == "" {
				return nil, exprError(`REPLACE: "$" must be followed by a group number in the replacement`)
			}
			k := len(digits)
			n := groupNumber(digits[:k])
			for n > ngroups && n > 9 && k > 1 {
				k--
				n = groupNumber(digits[:k])
			}
			if n <= ngroups && m != nil && 2*n+1 < len(m) && m[2*n] >= 0 {
				dst = append(dst, src[m[2*n]:m[2*n+1]]...)
			}
			dst = append(dst, digits[k:]...)
			i = j - 1
		default:
			dst = append(dst, c)
		}
	}
	return dst, nil
}

// groupNumber parses a run of digits, saturating at a large value.
func groupNumber(d string) int {
	if len(d) > 9 {
		return math.MaxInt32
	}
	n, _ := strconv.Atoi(d)
	return n
}

// regexArgs compiles the pattern and optional flags arguments.
func (ev *exprEnv) regexArgs(args []sparql.Term) (*regexp.Regexp, error) {
	p, ok := plainString(args[0])
	if !ok {
		return nil, errNotString
	}
	flags := ""
	if len(args) > 1 {
		f, ok := plainString(args[1])
		if !ok {
			return nil, errNotString
		}
		flags = f.Lexical
	}
	return ev.regexp(p.Lexical, flags)
}

// regexp returns the compiled XPath pattern, from the cache when it can.
func (ev *exprEnv) regexp(pattern, flags string) (*regexp.Regexp, error) {
	key := flags + "\x00" + pattern
	ev.mu.Lock()
	e, ok := ev.regexps[key]
	ev.mu.Unlock()
	if ok {
		return e.re, e.err
	}
	src, err := translateXPathRegex(pattern, flags)
	if err == nil {
		e.re, err = regexp.Compile(src)
		if err != nil {
			err = exprErrorf("invalid regular expression %q: %v", pattern, err)
		}
	}
	e.err = err
	ev.mu.Lock()
	if len(ev.regexps) >= maxRegexCache {
		clear(ev.regexps)
	}
	ev.regexps[key] = e
	ev.mu.Unlock()
	return e.re, e.err
}

// translateXPathRegex turns an XPath regular expression with flags (s, m,
// i, x, q) into RE2 syntax. It maps the flags to (?s) (?m) (?i), removes
// whitespace outside character classes under x, quotes the pattern under
// q, and makes "." exclude \r as well as \n (as XPath does) without s.
// Differences from XPath that remain: back-references (\1), character
// class subtraction ([a-z-[aeiou]]), \i \c \I \C and Unicode block escapes
// (\p{IsBasicLatin}) are rejected as errors; \d \w \s are ASCII-only in
// RE2; case-insensitive matching uses simple case folding.
func translateXPathRegex(pattern, flags string) (string, error) {
	var mode []byte
	dotAll, extended, quote := false, false, false
	for i := 0; i < len(flags); i++ {
		switch f := flags[i]; f {
		case 's':
			dotAll = true
		case 'm', 'i':
			mode = append(mode, f)
		case 'x':
			extended = true
		case 'q':
			quote = true
		default:
			return "", exprErrorf("invalid regular expression flag %q", string(f))
		}
	}
	if dotAll {
		mode = append(mode, 's')
	}
	var b strings.Builder
	if len(mode) > 0 {
		b.WriteString("(?")
		b.Write(mode)
		b.WriteByte(')')
	}
	if quote {
		b.WriteString(regexp.QuoteMeta(pattern))
		return b.String(), nil
	}
	inClass, classStart, prevDash := false, 0, false
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		if c == '\\' {
			if i+1 >= len(pattern) {
				return "", exprError("invalid regular expression: trailing backslash")
			}
			b.WriteByte(c)
			b.WriteByte(pattern[i+1])
			i++
			prevDash = false
			continue
		}
		if inClass {
			switch {
			case c == '[' && prevDash:
				return "", exprError("character class subtraction is not supported in regular expressions")
			case c == ']' && i > classStart+1 && !(i == classStart+2 && pattern[classStart+1] == '^'):
				inClass = false
			}
			prevDash = c == '-'
			b.WriteByte(c)
			continue
		}
		switch {
		case extended && (c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			continue
		case c == '[':
			inClass, classStart = true, i
		case c == '.' && !dotAll:
			b.WriteString(`[^\n\r]`)
			continue
		}
		b.WriteByte(c)
	}
	return b.String(), nil
}

// Inputs from largeInput bytes on have the deadline checked before a
// function works on them; from slowInput bytes on a regular-expression
// match runs where the deadline can interrupt the wait for it. Results
// growing by checkEvery bytes are checked against the memory budget.
const (
	largeInput = 4 << 10
	slowInput  = 64 << 10
	checkEvery = 64 << 10
)

// grows checks that string function op may build a result of n bytes
// within the query's memory budget, and for a large result that the
// deadline has not passed; failing ends the query.
func (ev *exprEnv) grows(op string, n int64) error {
	if err := ev.mem.fits(op, n); err != nil {
		return &limitError{err}
	}
	if n >= largeInput {
		// Building a large value takes time: the deadline first.
		return ev.alive(op)
	}
	return nil
}

// alive checks the query's deadline inside function op; a query past it
// ends with an error, never a late success.
func (ev *exprEnv) alive(op string) error {
	if ev.ctx == nil {
		return nil
	}
	if err := ev.ctx.Err(); err != nil {
		lerr := &limitError{fmt.Errorf("%s: %w", op, err)}
		ev.mem.fail(lerr)
		return lerr
	}
	return nil
}

// bounded runs work, a regular-expression search over n bytes, so that the
// query's deadline bounds the wait: small inputs run inline; large ones
// in a goroutine whose result is dropped if the deadline comes first (the
// search itself cannot be interrupted and finishes in the background).
func (ev *exprEnv) bounded(op string, n int, work func()) error {
	if n < largeInput || ev.ctx == nil {
		work()
		return nil
	}
	if err := ev.alive(op); err != nil {
		return err
	}
	if n < slowInput {
		work()
		return nil
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		work()
	}()
	select {
	case <-done:
		return nil
	case <-ev.ctx.Done():
		return ev.alive(op)
	}
}
