package store

// Functions on RDF terms (SPARQL 1.1 §17.4.2): STR, LANG, DATATYPE, IRI,
// BNODE, STRDT, STRLANG, UUID, STRUUID, isIRI/isURI/isBLANK/isLITERAL/
// isNUMERIC; the hash functions (§17.4.6); and the XSD constructor
// functions (casts, §17.5).

import (
	"crypto/md5"
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"math/big"
	"strconv"
	"strings"

	"github.com/schemaforge/go-schemaforge/rdfvalue"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// fnStr is STR: the lexical form of a literal, the string of an IRI.
func fnStr(args []sparql.Term) (sparql.Term, error) {
	if err := arity(args, 1, 1); err != nil {
		return nil, err
	}
	switch t := args[0].(type) {
	case *sparql.Literal:
		if t != nil {
			if t.Lang == "" && t.Datatype == nil {
				return t, nil
			}
			return sparql.NewLiteral(t.Lexical), nil
		}
	case *sparql.IRI:
		if t != nil {
			return sparql.NewLiteral(t.Value), nil
		}
	}
	return nil, errTypeMismatch
}

// fnLang is LANG: the language tag of a literal, "" when it has none.
func fnLang(args []sparql.Term) (sparql.Term, error) {
	if err := arity(args, 1, 1); err != nil {
		return nil, err
	}
	l, ok := args[0].(*sparql.Literal)
	if !ok || l == nil {
		return nil, errTypeMismatch
	}
	return sparql.NewLiteral(l.Lang), nil
}

// fnDatatype is DATATYPE: xsd:string for simple literals, rdf:langString
// for language-tagged ones.
func fnDatatype(args []sparql.Term) (sparql.Term, error) {
	if err := arity(args, 1, 1); err != nil {
		return nil, err
	}
	l, ok := args[0].(*sparql.Literal)
	if !ok || l == nil {
		return nil, errTypeMismatch
	}
	if l.Datatype != nil {
		return l.Datatype, nil
	}
	return sparql.NewIRI(l.DatatypeIRI()), nil
}

// fnIRI is IRI and URI: an IRI unchanged, a simple literal or xsd:string
// resolved against the query's base IRI.
func (ev *exprEnv) fnIRI(args []sparql.Term) (sparql.Term, error) {
	if err := arity(args, 1, 1); err != nil {
		return nil, err
	}
	if i, ok := args[0].(*sparql.IRI); ok && i != nil {
		return i, nil
	}
	s, ok := plainString(args[0])
	if !ok {
		return nil, errTypeMismatch
	}
	return sparql.NewIRI(sparql.ResolveIRI(ev.base, s.Lexical)), nil
}

// solutionIdentifier is an optional capability of a binder: a comparable
// value identifying the solution it binds (the same value for every binder
// of that solution, different for different solutions). With it, BNODE(str)
// is scoped to the solution however the engine interleaves the evaluation
// of expressions over solutions; without it, the scope is the span between
// two calls of resetBNodes.
type solutionIdentifier interface {
	solutionID() any
}

// bnodeKey identifies a BNODE(str) blank node: the solution and the string.
type bnodeKey struct {
	solution any
	str      string
}

// fnBNode is BNODE: with no argument a fresh blank node on every call;
// with a simple literal or xsd:string, the same blank node for the same
// string within one solution (see solutionIdentifier and resetBNodes).
func (ev *exprEnv) fnBNode(args []sparql.Term, b binder) (sparql.Term, error) {
	if err := arity(args, 0, 1); err != nil {
		return nil, err
	}
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if len(args) == 0 {
		return ev.newBNodeLocked(), nil
	}
	s, ok := plainString(args[0])
	if !ok {
		return nil, errNotString
	}
	k := bnodeKey{str: s.Lexical}
	if si, ok := b.(solutionIdentifier); ok {
		k.solution = si.solutionID()
	}
	if n, ok := ev.bnodeScope[k]; ok {
		return n, nil
	}
	n := ev.newBNodeLocked()
	ev.bnodeScope[k] = n
	return n, nil
}

// newBNodeLocked returns a blank node with a new label ("fn_b0", "fn_b1",
// …, distinct from the labels the store gives loaded data). ev.mu is held.
func (ev *exprEnv) newBNodeLocked() *sparql.BlankNode {
	n := &sparql.BlankNode{Label: "fn_b" + strconv.FormatUint(ev.bnodeSeq, 10)}
	ev.bnodeSeq++
	return n
}

// fnStrDT is STRDT(lexical, datatype IRI).
func fnStrDT(args []sparql.Term) (sparql.Term, error) {
	if err := arity(args, 2, 2); err != nil {
		return nil, err
	}
	s, ok := plainString(args[0])
	if !ok {
		return nil, errNotString
	}
	dt, ok := args[1].(*sparql.IRI)
	if !ok || dt == nil || dt.Value == "" || dt.Value == sparql.RDFLangString {
		return nil, errTypeMismatch
	}
	return sparql.NewTypedLiteral(s.Lexical, dt.Value), nil
}

// fnStrLang is STRLANG(lexical, language tag).
func fnStrLang(args []sparql.Term) (sparql.Term, error) {
	if err := arity(args, 2, 2); err != nil {
		return nil, err
	}
	s, ok1 := plainString(args[0])
	tag, ok2 := plainString(args[1])
	if !ok1 || !ok2 {
		return nil, errNotString
	}
	if !validLangTag(tag.Lexical) {
		return nil, exprErrorf("STRLANG: invalid language tag %q", tag.Lexical)
	}
	return sparql.NewLangLiteral(s.Lexical, tag.Lexical), nil
}

// validLangTag checks the BCP 47 shape [a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*.
func validLangTag(tag string) bool {
	if tag == "" {
		return false
	}
	for i, part := range strings.Split(tag, "-") {
		if len(part) < 1 || len(part) > 8 {
			return false
		}
		for j := 0; j < len(part); j++ {
			c := part[j]
			if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && isDigit(c)) {
				return false
			}
		}
	}
	return true
}

// newUUID returns a random (version 4) UUID in its string form.
func newUUID() string {
	var u [16]byte
	_, _ = rand.Read(u[:])
	u[6] = u[6]&0x0f | 0x40
	u[8] = u[8]&0x3f | 0x80
	h := hex.EncodeToString(u[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}

// fnUUID is UUID: a fresh urn:uuid: IRI per call.
func fnUUID(args []sparql.Term) (sparql.Term, error) {
	if err := arity(args, 0, 0); err != nil {
		return nil, err
	}
	return sparql.NewIRI("urn:uuid:" + newUUID()), nil
}

// fnStrUUID is STRUUID: a fresh UUID string per call.
func fnStrUUID(args []sparql.Term) (sparql.Term, error) {
	if err := arity(args, 0, 0); err != nil {
		return nil, err
	}
	return sparql.NewLiteral(newUUID()), nil
}

// fnIsKind is isIRI, isURI, isBLANK, isLITERAL and isNUMERIC (a valid
// numeric literal; "1200"^^xsd:byte is not).
func fnIsKind(name string, args []sparql.Term) (sparql.Term, error) {
	if err := arity(args, 1, 1); err != nil {
		return nil, err
	}
	var v bool
	switch t := args[0].(type) {
	case *sparql.IRI:
		v = name == "isIRI" || name == "isURI"
	case *sparql.BlankNode:
		v = name == "isBLANK"
	case *sparql.Literal:
		switch name {
		case "isLITERAL":
			v = true
		case "isNUMERIC":
			_, v = numericTerm(t)
		}
	default:
		return nil, errTypeMismatch
	}
	return rdfvalue.BoolLiteral(v), nil
}

// fnHash is MD5, SHA1, SHA256, SHA384 and SHA512 of the UTF-8 form of a
// simple literal or xsd:string, in lower-case hex.
func fnHash(name string, args []sparql.Term) (sparql.Term, error) {
	if err := arity(args, 1, 1); err != nil {
		return nil, err
	}
	s, ok := plainString(args[0])
	if !ok {
		return nil, errNotString
	}
	b := []byte(s.Lexical)
	var sum []byte
	switch name {
	case "MD5":
		h := md5.Sum(b)
		sum = h[:]
	case "SHA1":
		h := sha1.Sum(b)
		sum = h[:]
	case "SHA256":
		h := sha256.Sum256(b)
		sum = h[:]
	case "SHA384":
		h := sha512.Sum384(b)
		sum = h[:]
	default:
		h := sha512.Sum512(b)
		sum = h[:]
	}
	return sparql.NewLiteral(hex.EncodeToString(sum)), nil
}

// ---------------------------------------------------------------------------
// Casts

// isCastTarget reports whether dt names an XSD constructor function we
// implement.
func isCastTarget(dt string) bool {
	switch dt {
	case sparql.XSDString, sparql.XSDBoolean, sparql.XSDDecimal, sparql.XSDDouble, rdfvalue.XSDFloat,
		rdfvalue.XSDDateTime, rdfvalue.XSDDate, rdfvalue.XSDTime:
		return true
	}
	return rdfvalue.NumericKind(dt) == rdfvalue.Integer
}

// castTo applies the XSD constructor function dt to t (§17.5, XPath
// casting): from IRIs only to xsd:string; from simple literals and
// xsd:strings by parsing the target's lexical space; between numbers,
// booleans and date/times by value. Results are in canonical form. Blank
// nodes, ill-typed literals and language-tagged literals (except to
// xsd:string, which takes their lexical form) are errors; so is a literal
// of an unknown datatype, except to xsd:string.
func castTo(dt string, t sparql.Term) (sparql.Term, error) {
	switch x := t.(type) {
	case *sparql.IRI:
		if x != nil && dt == sparql.XSDString {
			return sparql.NewLiteral(x.Value), nil
		}
		return nil, errTypeMismatch
	case *sparql.Literal:
		if x != nil {
			return castLiteral(dt, x)
		}
	}
	return nil, errTypeMismatch
}

var errCast error = exprError("invalid cast")

func castLiteral(dt string, l *sparql.Literal) (sparql.Term, error) {
	v := rdfvalue.ValueOf(l)
	if v.Class == rdfvalue.ClassOther {
		known := l.Datatype != nil && (rdfvalue.NumericKind(l.Datatype.Value) != rdfvalue.NotNumeric || isCastTarget(l.Datatype.Value))
		if dt == sparql.XSDString && !known {
			return sparql.NewLiteral(l.Lexical), nil
		}
		return nil, errCast
	}
	if v.Class == rdfvalue.ClassLang {
		if dt == sparql.XSDString {
			return sparql.NewLiteral(l.Lexical), nil
		}
		return nil, errCast
	}
	switch dt {
	case sparql.XSDString:
		switch v.Class {
		case rdfvalue.ClassNumeric:
			return sparql.NewLiteral(v.Number.XPathString()), nil
		case rdfvalue.ClassBoolean:
			return sparql.NewLiteral(strconv.FormatBool(v.Bool)), nil
		case rdfvalue.ClassString:
			if l.Datatype == nil {
				return l, nil
			}
			return sparql.NewLiteral(l.Lexical), nil
		}
		return sparql.NewLiteral(rdfvalue.CollapseSpace(l.Lexical)), nil
	case sparql.XSDBoolean:
		switch v.Class {
		case rdfvalue.ClassString:
			b, ok := rdfvalue.ParseBool(l.Lexical)
			if !ok {
				return nil, errCast
			}
			return rdfvalue.BoolLiteral(b), nil
		case rdfvalue.ClassBoolean:
			return rdfvalue.BoolLiteral(v.Bool), nil
		case rdfvalue.ClassNumeric:
			return rdfvalue.BoolLiteral(v.Number.Sign() != 0), nil
		}
		return nil, errCast
	case sparql.XSDDecimal:
		var n rdfvalue.Number
		var ok bool
		switch v.Class {
		case rdfvalue.ClassString:
			n, ok = rdfvalue.ParseLexical(l.Lexical, rdfvalue.Decimal)
		case rdfvalue.ClassBoolean:
			n, ok = rdfvalue.NewDecimal(new(big.Rat).SetInt64(b2i(v.Bool))), true
		case rdfvalue.ClassNumeric:
			n, ok = v.Number.ToDecimal()
		}
		if !ok {
			return nil, errCast
		}
		return n.Literal(), nil
	case sparql.XSDDouble, rdfvalue.XSDFloat:
		kind := rdfvalue.Double
		if dt == rdfvalue.XSDFloat {
			kind = rdfvalue.Float
		}
		var f float64
		switch v.Class {
		case rdfvalue.ClassString:
			n, ok := rdfvalue.ParseLexical(l.Lexical, kind)
			if !ok {
				return nil, errCast
			}
			f = n.Float64()
		case rdfvalue.ClassBoolean:
			f = float64(b2i(v.Bool))
		case rdfvalue.ClassNumeric:
			f = v.Number.Float64()
		default:
			return nil, errCast
		}
		if kind == rdfvalue.Float {
			return rdfvalue.NewFloat(f).Literal(), nil
		}
		return rdfvalue.NewDouble(f).Literal(), nil
	case rdfvalue.XSDDateTime, rdfvalue.XSDDate, rdfvalue.XSDTime:
		return castDateTime(dt, l, v)
	}
	if rdfvalue.NumericKind(dt) != rdfvalue.Integer {
		return nil, errCast
	}
	var n rdfvalue.Number
	var ok bool
	switch v.Class {
	case rdfvalue.ClassString:
		n, ok = rdfvalue.ParseLexical(l.Lexical, rdfvalue.Integer)
	case rdfvalue.ClassBoolean:
		n, ok = rdfvalue.NewInteger(b2i(v.Bool)), true
	case rdfvalue.ClassNumeric:
		n, ok = v.Number.ToInteger()
	}
	if !ok || !rdfvalue.InIntegerRange(dt, n) {
		return nil, errCast
	}
	lit := n.Literal()
	if dt != sparql.XSDInteger {
		lit.Datatype = &sparql.IRI{Value: dt}
	}
	return lit, nil
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// castDateTime casts to xsd:dateTime, xsd:date or xsd:time: from strings
// by parsing; a dateTime gives its date or time part; a date gives the
// dateTime at midnight.
func castDateTime(dt string, l *sparql.Literal, v rdfvalue.Value) (sparql.Term, error) {
	kind, _ := rdfvalue.TemporalKindOf(dt)
	switch v.Class {
	case rdfvalue.ClassString:
		s := rdfvalue.CollapseSpace(l.Lexical)
		if _, ok := rdfvalue.ParseDateTime(s, kind); !ok {
			return nil, errCast
		}
		return sparql.NewTypedLiteral(s, dt), nil
	case rdfvalue.ClassDateTime, rdfvalue.ClassDate, rdfvalue.ClassTime:
	default:
		return nil, errCast
	}
	d := v.DateTime
	if d.Kind == kind {
		return sparql.NewTypedLiteral(rdfvalue.CollapseSpace(l.Lexical), dt), nil
	}
	switch {
	case d.Kind == rdfvalue.KindDate && kind == rdfvalue.KindDateTime:
		return sparql.NewTypedLiteral(d.DateString()+"T00:00:00"+d.TZ, dt), nil
	case d.Kind == rdfvalue.KindDateTime && kind == rdfvalue.KindDate:
		return sparql.NewTypedLiteral(d.DateString()+d.TZ, dt), nil
	case d.Kind == rdfvalue.KindDateTime && kind == rdfvalue.KindTime:
		return sparql.NewTypedLiteral(d.ClockString()+d.TZ, dt), nil
	}
	return nil, errCast
}
