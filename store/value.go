package store

// Typed values of literals: the value spaces of the XSD datatypes SPARQL
// operators know (numerics with their promotion tower, booleans, strings,
// dateTime/date/time), their canonical lexical forms, and the operator
// mapping of SPARQL 1.1 §17.3 for =, != and the ordering operators.

import (
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// XSD datatype IRIs not already named in package sparql.
const (
	xsdFloat              = sparql.XSD + "float"
	xsdDateTime           = sparql.XSD + "dateTime"
	xsdDate               = sparql.XSD + "date"
	xsdTime               = sparql.XSD + "time"
	xsdDayTimeDuration    = sparql.XSD + "dayTimeDuration"
	xsdNonPositiveInteger = sparql.XSD + "nonPositiveInteger"
	xsdNegativeInteger    = sparql.XSD + "negativeInteger"
	xsdLong               = sparql.XSD + "long"
	xsdInt                = sparql.XSD + "int"
	xsdShort              = sparql.XSD + "short"
	xsdByte               = sparql.XSD + "byte"
	xsdNonNegativeInteger = sparql.XSD + "nonNegativeInteger"
	xsdUnsignedLong       = sparql.XSD + "unsignedLong"
	xsdUnsignedInt        = sparql.XSD + "unsignedInt"
	xsdUnsignedShort      = sparql.XSD + "unsignedShort"
	xsdUnsignedByte       = sparql.XSD + "unsignedByte"
	xsdPositiveInteger    = sparql.XSD + "positiveInteger"
)

// Shared datatype IRIs of computed literals. Literals built by expression
// evaluation point at these; nobody may modify them.
var (
	dtInteger         = &sparql.IRI{Value: sparql.XSDInteger}
	dtDecimal         = &sparql.IRI{Value: sparql.XSDDecimal}
	dtFloat           = &sparql.IRI{Value: xsdFloat}
	dtDouble          = &sparql.IRI{Value: sparql.XSDDouble}
	dtBoolean         = &sparql.IRI{Value: sparql.XSDBoolean}
	dtDateTime        = &sparql.IRI{Value: xsdDateTime}
	dtDayTimeDuration = &sparql.IRI{Value: xsdDayTimeDuration}
)

// intRange is the value range of a datatype derived from xsd:integer; nil
// bounds are unbounded.
type intRange struct{ min, max *big.Int }

func bigFromString(s string) *big.Int {
	b, _ := new(big.Int).SetString(s, 10)
	return b
}

// xsdIntegerTypes maps xsd:integer and every built-in datatype derived from
// it to its range.
var xsdIntegerTypes = map[string]intRange{
	sparql.XSDInteger:     {},
	xsdNonPositiveInteger: {max: big.NewInt(0)},
	xsdNegativeInteger:    {max: big.NewInt(-1)},
	xsdLong:               {min: big.NewInt(math.MinInt64), max: big.NewInt(math.MaxInt64)},
	xsdInt:                {min: big.NewInt(math.MinInt32), max: big.NewInt(math.MaxInt32)},
	xsdShort:              {min: big.NewInt(math.MinInt16), max: big.NewInt(math.MaxInt16)},
	xsdByte:               {min: big.NewInt(math.MinInt8), max: big.NewInt(math.MaxInt8)},
	xsdNonNegativeInteger: {min: big.NewInt(0)},
	xsdUnsignedLong:       {min: big.NewInt(0), max: bigFromString("18446744073709551615")},
	xsdUnsignedInt:        {min: big.NewInt(0), max: big.NewInt(math.MaxUint32)},
	xsdUnsignedShort:      {min: big.NewInt(0), max: big.NewInt(math.MaxUint16)},
	xsdUnsignedByte:       {min: big.NewInt(0), max: big.NewInt(math.MaxUint8)},
	xsdPositiveInteger:    {min: big.NewInt(1)},
}

// ---------------------------------------------------------------------------
// Numbers

// numKind is a level of the numeric promotion tower: integer → decimal →
// float → double. A binary operation is carried out at the higher level of
// its operands.
type numKind uint8

const (
	numNone numKind = iota
	numInteger
	numDecimal
	numFloat
	numDouble
)

// numVal is the value of a numeric literal.
type numVal struct {
	kind numKind
	i    int64    // numInteger, when b is nil
	b    *big.Int // numInteger outside the int64 range
	r    *big.Rat // numDecimal (a finite decimal fraction)
	f    float64  // numFloat (rounded to float32 precision) and numDouble
}

// decimalDivDigits is the number of fractional digits kept by a decimal
// division whose exact quotient does not terminate sooner (XPath leaves the
// precision to the implementation). The quotient is truncated toward zero,
// as Oxigraph does with its 18-digit fixed-point decimals.
const decimalDivDigits = 18

var (
	bigTen        = big.NewInt(10)
	bigFive       = big.NewInt(5)
	decimalDivPow = new(big.Int).Exp(bigTen, big.NewInt(decimalDivDigits), nil)
	ratHalf       = big.NewRat(1, 2)
)

func intVal(i int64) numVal { return numVal{kind: numInteger, i: i} }

func bigIntVal(b *big.Int) numVal {
	if b.IsInt64() {
		return numVal{kind: numInteger, i: b.Int64()}
	}
	return numVal{kind: numInteger, b: b}
}

func decVal(r *big.Rat) numVal { return numVal{kind: numDecimal, r: r} }

func floatVal(kind numKind, f float64) numVal {
	if kind == numFloat {
		f = float64(float32(f))
	}
	return numVal{kind: kind, f: f}
}

// bigInt returns an integer value as a big.Int (a fresh one).
func (n numVal) bigInt() *big.Int {
	if n.b != nil {
		return new(big.Int).Set(n.b)
	}
	return big.NewInt(n.i)
}

// rat returns an integer or decimal value as a big.Rat. The result must not
// be modified (it may be n.r).
func (n numVal) rat() *big.Rat {
	switch {
	case n.kind == numDecimal:
		return n.r
	case n.b != nil:
		return new(big.Rat).SetInt(n.b)
	default:
		return new(big.Rat).SetInt64(n.i)
	}
}

// float returns the value as a float64.
func (n numVal) float() float64 {
	switch n.kind {
	case numInteger:
		if n.b != nil {
			f, _ := new(big.Float).SetInt(n.b).Float64()
			return f
		}
		return float64(n.i)
	case numDecimal:
		f, _ := n.r.Float64()
		return f
	}
	return n.f
}

// sign returns -1, 0 or +1 (0 for NaN).
func (n numVal) sign() int {
	switch n.kind {
	case numInteger:
		if n.b != nil {
			return n.b.Sign()
		}
		switch {
		case n.i < 0:
			return -1
		case n.i > 0:
			return 1
		}
		return 0
	case numDecimal:
		return n.r.Sign()
	}
	switch {
	case n.f < 0:
		return -1
	case n.f > 0:
		return 1
	}
	return 0
}

// isNaN reports whether n is a float or double NaN.
func (n numVal) isNaN() bool { return n.kind >= numFloat && math.IsNaN(n.f) }

// numericKindOf returns the promotion level of a datatype IRI, numNone
// when it is not numeric.
func numericKindOf(dt string) numKind {
	switch dt {
	case sparql.XSDInteger:
		return numInteger
	case sparql.XSDDecimal:
		return numDecimal
	case sparql.XSDDouble:
		return numDouble
	case xsdFloat:
		return numFloat
	}
	if _, ok := xsdIntegerTypes[dt]; ok {
		return numInteger
	}
	return numNone
}

// numericValue returns the value of a numeric literal; ok is false for a
// literal whose datatype is not numeric and for an ill-typed one (a lexical
// form outside the datatype's lexical space, or a value outside the range
// of a derived integer type such as xsd:byte).
func numericValue(l *sparql.Literal) (numVal, bool) {
	if l.Datatype == nil {
		return numVal{}, false
	}
	dt := l.Datatype.Value
	switch dt {
	case sparql.XSDInteger:
		return parseIntegerLex(l.Lexical)
	case sparql.XSDDecimal:
		r, ok := parseDecimalLex(l.Lexical)
		return decVal(r), ok
	case sparql.XSDDouble:
		f, ok := parseFloatLex(l.Lexical, 64)
		return numVal{kind: numDouble, f: f}, ok
	case xsdFloat:
		f, ok := parseFloatLex(l.Lexical, 32)
		return numVal{kind: numFloat, f: f}, ok
	}
	rg, ok := xsdIntegerTypes[dt]
	if !ok {
		return numVal{}, false
	}
	n, ok := parseIntegerLex(l.Lexical)
	if !ok || !rg.contains(n) {
		return numVal{}, false
	}
	return n, true
}

// contains reports whether the integer n lies within the range.
func (rg intRange) contains(n numVal) bool {
	if rg.min == nil && rg.max == nil {
		return true
	}
	v := n.bigInt()
	return (rg.min == nil || v.Cmp(rg.min) >= 0) && (rg.max == nil || v.Cmp(rg.max) <= 0)
}

// xmlSpace trims the XML whitespace that the "collapse" facet of the
// numeric, boolean and date/time datatypes allows around a lexical form.
func xmlSpace(s string) string {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
	for s != "" && isSpace(s[0]) {
		s = s[1:]
	}
	for s != "" && isSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// parseIntegerLex parses the xsd:integer lexical form [+-]?[0-9]+.
func parseIntegerLex(s string) (numVal, bool) {
	s = xmlSpace(s)
	digits := s
	if digits != "" && (digits[0] == '+' || digits[0] == '-') {
		digits = digits[1:]
	}
	if !allDigits(digits) {
		return numVal{}, false
	}
	if i, err := strconv.ParseInt(s, 10, 64); err == nil {
		return intVal(i), true
	}
	b, ok := new(big.Int).SetString(strings.TrimPrefix(s, "+"), 10)
	if !ok {
		return numVal{}, false
	}
	return bigIntVal(b), true
}

// parseDecimalLex parses the xsd:decimal lexical form
// [+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+).
func parseDecimalLex(s string) (*big.Rat, bool) {
	s = xmlSpace(s)
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	ip, fp, _ := strings.Cut(s, ".")
	if ip == "" && fp == "" || ip != "" && !allDigits(ip) || fp != "" && !allDigits(fp) {
		return nil, false
	}
	digits := ip + fp
	var r *big.Rat
	if len(digits) <= 18 {
		n, _ := strconv.ParseInt(digits, 10, 64)
		if neg {
			n = -n
		}
		r = new(big.Rat).SetFrac(big.NewInt(n), pow10(len(fp)))
	} else {
		n, ok := new(big.Int).SetString(digits, 10)
		if !ok {
			return nil, false
		}
		if neg {
			n.Neg(n)
		}
		r = new(big.Rat).SetFrac(n, pow10(len(fp)))
	}
	return r, true
}

func pow10(n int) *big.Int {
	if n <= 18 {
		p := int64(1)
		for range n {
			p *= 10
		}
		return big.NewInt(p)
	}
	return new(big.Int).Exp(bigTen, big.NewInt(int64(n)), nil)
}

// parseFloatLex parses the xsd:double / xsd:float lexical form: a decimal
// mantissa with an optional exponent, INF, +INF, -INF or NaN. Values beyond
// the range round to ±INF. bits is 32 for xsd:float.
func parseFloatLex(s string, bits int) (float64, bool) {
	s = xmlSpace(s)
	switch s {
	case "INF", "+INF":
		return math.Inf(1), true
	case "-INF":
		return math.Inf(-1), true
	case "NaN":
		return math.NaN(), true
	}
	m := s
	if m != "" && (m[0] == '+' || m[0] == '-') {
		m = m[1:]
	}
	if i := strings.IndexAny(m, "eE"); i >= 0 {
		e := m[i+1:]
		m = m[:i]
		if e != "" && (e[0] == '+' || e[0] == '-') {
			e = e[1:]
		}
		if !allDigits(e) {
			return 0, false
		}
	}
	ip, fp, _ := strings.Cut(m, ".")
	if ip == "" && fp == "" || ip != "" && !allDigits(ip) || fp != "" && !allDigits(fp) {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, bits)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); !ok || ne.Err != strconv.ErrRange {
			return 0, false
		}
	}
	return f, true
}

// numArith applies + - * / (op) to two numbers after promotion.
// integer / integer is a decimal; decimal and integer division by zero is
// an error, float and double division by zero gives ±INF or NaN.
func numArith(op byte, a, b numVal) (numVal, error) {
	k := max(a.kind, b.kind)
	if k == numInteger && op == '/' {
		k = numDecimal
	}
	switch k {
	case numFloat, numDouble:
		x, y := a.float(), b.float()
		var z float64
		switch op {
		case '+':
			z = x + y
		case '-':
			z = x - y
		case '*':
			z = x * y
		case '/':
			z = x / y
		}
		return floatVal(k, z), nil
	case numDecimal:
		x, y := a.rat(), b.rat()
		z := new(big.Rat)
		switch op {
		case '+':
			z.Add(x, y)
		case '-':
			z.Sub(x, y)
		case '*':
			z.Mul(x, y)
		case '/':
			if y.Sign() == 0 {
				return numVal{}, errDivByZero
			}
			z = decimalQuo(x, y)
		}
		return decVal(z), nil
	case numInteger:
		if a.b == nil && b.b == nil {
			x, y := a.i, b.i
			switch op {
			case '+':
				if z := x + y; (z > x) == (y > 0) {
					return intVal(z), nil
				}
			case '-':
				if z := x - y; (z < x) == (y > 0) {
					return intVal(z), nil
				}
			case '*':
				if x == 0 || y == 0 {
					return intVal(0), nil
				}
				if z := x * y; z/y == x && !(x == -1 && y == math.MinInt64) && !(y == -1 && x == math.MinInt64) {
					return intVal(z), nil
				}
			}
		}
		x, y := a.bigInt(), b.bigInt()
		switch op {
		case '+':
			x.Add(x, y)
		case '-':
			x.Sub(x, y)
		case '*':
			x.Mul(x, y)
		}
		return bigIntVal(x), nil
	}
	return numVal{}, errNotNumeric
}

// decimalQuo returns x / y (y non-zero), exact when the quotient has at
// most decimalDivDigits fractional digits, else truncated toward zero to
// that many digits.
func decimalQuo(x, y *big.Rat) *big.Rat {
	z := new(big.Rat).Quo(x, y)
	if n, exact := decimalDigits(z.Denom()); exact && n <= decimalDivDigits {
		return z
	}
	num := new(big.Int).Mul(z.Num(), decimalDivPow)
	num.Quo(num, z.Denom())
	return z.SetFrac(num, decimalDivPow)
}

// decimalDigits returns the number of fractional digits a fraction with
// denominator d needs; exact is false when d has a prime factor other than
// 2 and 5 (the expansion does not terminate).
func decimalDigits(d *big.Int) (n int, exact bool) {
	if d.IsInt64() && d.Int64() == 1 {
		return 0, true
	}
	twos := int(d.TrailingZeroBits())
	rest := new(big.Int).Rsh(d, uint(twos))
	fives := 0
	q, m := new(big.Int), new(big.Int)
	for rest.Cmp(big.NewInt(1)) != 0 {
		q.QuoRem(rest, bigFive, m)
		if m.Sign() != 0 {
			return max(twos, fives), false
		}
		rest.Set(q)
		fives++
	}
	return max(twos, fives), true
}

// numCompare compares two numbers after promotion; ok is false when one is
// NaN (unordered).
func numCompare(a, b numVal) (c int, ok bool) {
	k := max(a.kind, b.kind)
	switch {
	case k >= numFloat:
		x, y := a.float(), b.float()
		switch {
		case x < y:
			return -1, true
		case x > y:
			return 1, true
		case x == y:
			return 0, true
		}
		return 0, false
	case k == numInteger && a.b == nil && b.b == nil:
		switch {
		case a.i < b.i:
			return -1, true
		case a.i > b.i:
			return 1, true
		}
		return 0, true
	}
	return a.rat().Cmp(b.rat()), true
}

// numNeg returns -n.
func numNeg(n numVal) numVal {
	switch n.kind {
	case numInteger:
		if n.b == nil && n.i != math.MinInt64 {
			return intVal(-n.i)
		}
		return bigIntVal(n.bigInt().Neg(n.bigInt()))
	case numDecimal:
		return decVal(new(big.Rat).Neg(n.r))
	}
	return numVal{kind: n.kind, f: -n.f}
}

// literal returns n as a literal in its datatype's canonical form
// (integer "3", decimal "1.5" / "2.0", double "1.5E0").
func (n numVal) literal() *sparql.Literal {
	switch n.kind {
	case numInteger:
		if n.b != nil {
			return &sparql.Literal{Lexical: n.b.String(), Datatype: dtInteger}
		}
		return &sparql.Literal{Lexical: strconv.FormatInt(n.i, 10), Datatype: dtInteger}
	case numDecimal:
		return &sparql.Literal{Lexical: formatDecimal(n.r), Datatype: dtDecimal}
	case numFloat:
		return &sparql.Literal{Lexical: formatFloat(n.f, 32), Datatype: dtFloat}
	}
	return &sparql.Literal{Lexical: formatFloat(n.f, 64), Datatype: dtDouble}
}

// xpathString returns n cast to xsd:string by the XPath rules: integral
// decimals without a decimal point, doubles and floats in [1e-6, 1e6) in
// plain decimal notation, others in the canonical exponent form.
func (n numVal) xpathString() string {
	switch n.kind {
	case numInteger:
		if n.b != nil {
			return n.b.String()
		}
		return strconv.FormatInt(n.i, 10)
	case numDecimal:
		if n.r.IsInt() {
			return n.r.Num().String()
		}
		return formatDecimal(n.r)
	}
	bits := 64
	if n.kind == numFloat {
		bits = 32
	}
	a := math.Abs(n.f)
	switch {
	case math.IsNaN(n.f) || math.IsInf(n.f, 0):
		return formatFloat(n.f, bits)
	case a == 0:
		if math.Signbit(n.f) {
			return "-0"
		}
		return "0"
	case a >= 1e-6 && a < 1e6:
		return strconv.FormatFloat(n.f, 'f', -1, bits)
	}
	return formatFloat(n.f, bits)
}

// formatDecimal returns the canonical xsd:decimal form of r (XSD 1.0
// style: at least one digit on each side of the point, "2.0", "-0.5").
func formatDecimal(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String() + ".0"
	}
	n, exact := decimalDigits(r.Denom())
	if !exact {
		n = decimalDivDigits
	}
	s := r.FloatString(n)
	s = strings.TrimRight(s, "0")
	if strings.HasSuffix(s, ".") {
		s += "0"
	}
	if s == "-0.0" {
		s = "0.0"
	}
	return s
}

// formatFloat returns the canonical xsd:double (bits 64) or xsd:float
// (bits 32) form of f: a mantissa with one digit before the point and at
// least one after, and an exponent ("1.5E0", "1.0E-7", "INF", "NaN").
func formatFloat(f float64, bits int) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "INF"
	case math.IsInf(f, -1):
		return "-INF"
	case f == 0:
		if math.Signbit(f) {
			return "-0.0E0"
		}
		return "0.0E0"
	}
	s := strconv.FormatFloat(f, 'E', -1, bits)
	mant, exp, _ := strings.Cut(s, "E")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	e, _ := strconv.Atoi(exp)
	return mant + "E" + strconv.Itoa(e)
}

// ---------------------------------------------------------------------------
// Booleans

// parseBoolLex parses the xsd:boolean lexical forms true, false, 1 and 0.
func parseBoolLex(s string) (v, ok bool) {
	switch xmlSpace(s) {
	case "true", "1":
		return true, true
	case "false", "0":
		return false, true
	}
	return false, false
}

// Shared xsd:boolean results; nobody may modify them.
var (
	litTrue  = &sparql.Literal{Lexical: "true", Datatype: dtBoolean}
	litFalse = &sparql.Literal{Lexical: "false", Datatype: dtBoolean}
)

// boolLiteral returns the canonical xsd:boolean literal of v.
func boolLiteral(v bool) *sparql.Literal {
	if v {
		return litTrue
	}
	return litFalse
}

// ---------------------------------------------------------------------------
// Date and time

// dtKind tells xsd:dateTime, xsd:date and xsd:time values apart.
type dtKind uint8

const (
	kindDateTime dtKind = iota
	kindDate
	kindTime
)

// maxYear bounds the years we accept (|year| ≤ maxYear) so that instants
// fit in an int64 of seconds; larger years make the literal ill-typed here.
const maxYear = 999_999_999

// dtVal is the value of an xsd:dateTime, xsd:date or xsd:time literal. The
// fields are the local (written) ones, with 24:00:00 normalised to 00:00:00
// of the next day.
type dtVal struct {
	kind   dtKind
	year   int64
	month  int
	day    int
	hour   int
	minute int
	second int
	nanos  int    // fractional second in nanoseconds (digits past the ninth are dropped)
	frac   string // fractional-second digits without trailing zeros
	hasTZ  bool
	tzMin  int    // timezone offset in minutes
	tzLex  string // the timezone as written: "Z", "-08:00", or ""
}

// dtParser reads a date/time lexical form left to right.
type dtParser struct {
	s   string
	pos int
}

// digits reads exactly n digits (or at least n when atLeast) and returns
// their value and the text read.
func (p *dtParser) digits(n int, atLeast bool) (int64, string, bool) {
	start := p.pos
	for p.pos < len(p.s) && isDigit(p.s[p.pos]) && (atLeast || p.pos-start < n) {
		p.pos++
	}
	txt := p.s[start:p.pos]
	if len(txt) < n || len(txt) > 18 {
		return 0, txt, false
	}
	v, err := strconv.ParseInt(txt, 10, 64)
	return v, txt, err == nil
}

func (p *dtParser) lit(c byte) bool {
	if p.pos < len(p.s) && p.s[p.pos] == c {
		p.pos++
		return true
	}
	return false
}

func (p *dtParser) date(v *dtVal) bool {
	neg := p.lit('-')
	y, ytxt, ok := p.digits(4, true)
	if !ok || len(ytxt) > 4 && ytxt[0] == '0' || y > maxYear {
		return false
	}
	if neg {
		y = -y
	}
	if !p.lit('-') {
		return false
	}
	mo, _, ok1 := p.digits(2, false)
	if !ok1 || !p.lit('-') {
		return false
	}
	d, _, ok2 := p.digits(2, false)
	if !ok2 || mo < 1 || mo > 12 || d < 1 || int(d) > daysIn(y, int(mo)) {
		return false
	}
	v.year, v.month, v.day = y, int(mo), int(d)
	return true
}

func (p *dtParser) time(v *dtVal) bool {
	h, _, ok := p.digits(2, false)
	if !ok || !p.lit(':') {
		return false
	}
	mi, _, ok1 := p.digits(2, false)
	if !ok1 || !p.lit(':') {
		return false
	}
	s, _, ok2 := p.digits(2, false)
	if !ok2 {
		return false
	}
	if p.lit('.') {
		start := p.pos
		for p.pos < len(p.s) && isDigit(p.s[p.pos]) {
			p.pos++
		}
		f := p.s[start:p.pos]
		if f == "" {
			return false
		}
		v.frac = strings.TrimRight(f, "0")
		ns := (v.frac + "000000000")[:9]
		n, _ := strconv.Atoi(ns)
		v.nanos = n
	}
	if mi > 59 || s > 59 || h > 24 || h == 24 && (mi != 0 || s != 0 || v.nanos != 0 || v.frac != "") {
		return false
	}
	v.hour, v.minute, v.second = int(h), int(mi), int(s)
	return true
}

func (p *dtParser) tz(v *dtVal) bool {
	if p.pos == len(p.s) {
		return true
	}
	start := p.pos
	if p.lit('Z') {
		v.hasTZ, v.tzLex = true, "Z"
		return p.pos == len(p.s)
	}
	sign := 1
	switch {
	case p.lit('+'):
	case p.lit('-'):
		sign = -1
	default:
		return false
	}
	h, _, ok := p.digits(2, false)
	if !ok || !p.lit(':') {
		return false
	}
	m, _, ok1 := p.digits(2, false)
	if !ok1 || h > 14 || m > 59 || h == 14 && m != 0 || p.pos != len(p.s) {
		return false
	}
	v.hasTZ, v.tzMin, v.tzLex = true, sign*int(h*60+m), p.s[start:p.pos]
	return true
}

// parseDateTimeLex parses the lexical form of an xsd:dateTime, xsd:date or
// xsd:time (kind) value.
func parseDateTimeLex(s string, kind dtKind) (dtVal, bool) {
	p := &dtParser{s: xmlSpace(s)}
	v := dtVal{kind: kind}
	switch kind {
	case kindDateTime:
		if !p.date(&v) || !p.lit('T') || !p.time(&v) {
			return dtVal{}, false
		}
	case kindDate:
		if !p.date(&v) {
			return dtVal{}, false
		}
	case kindTime:
		v.year, v.month, v.day = 1972, 12, 31
		if !p.time(&v) {
			return dtVal{}, false
		}
	}
	if !p.tz(&v) {
		return dtVal{}, false
	}
	if v.hour == 24 {
		v.hour = 0
		if kind == kindDateTime {
			v.year, v.month, v.day = civilFromDays(daysFromCivil(v.year, v.month, v.day) + 1)
		}
	}
	return v, true
}

// dateTimeValue returns the value of an xsd:dateTime, xsd:date or xsd:time
// literal; ok is false for other literals and ill-typed ones.
func dateTimeValue(l *sparql.Literal) (dtVal, bool) {
	if l.Datatype == nil {
		return dtVal{}, false
	}
	switch l.Datatype.Value {
	case xsdDateTime:
		return parseDateTimeLex(l.Lexical, kindDateTime)
	case xsdDate:
		return parseDateTimeLex(l.Lexical, kindDate)
	case xsdTime:
		return parseDateTimeLex(l.Lexical, kindTime)
	}
	return dtVal{}, false
}

func isLeap(y int64) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

func daysIn(y int64, m int) int {
	switch m {
	case 2:
		if isLeap(y) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// daysFromCivil returns the number of days from 1970-01-01 to the given
// proleptic Gregorian date (year 0 is 1 BCE).
func daysFromCivil(y int64, m, d int) int64 {
	if m <= 2 {
		y--
	}
	era := y / 400
	if y < 0 && y%400 != 0 {
		era--
	}
	yoe := y - era*400
	mp := int64((m + 9) % 12)
	doy := (153*mp+2)/5 + int64(d) - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// civilFromDays is the inverse of daysFromCivil.
func civilFromDays(z int64) (int64, int, int) {
	z += 719468
	era := z / 146097
	if z < 0 && z%146097 != 0 {
		era--
	}
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y := yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d := int(doy - (153*mp+2)/5 + 1)
	m := int(mp + 3)
	if m > 12 {
		m -= 12
	}
	if m <= 2 {
		y++
	}
	return y, m, d
}

// localSeconds returns the value's seconds since 1970-01-01T00:00:00 in its
// own (local) time.
func (v dtVal) localSeconds() int64 {
	return daysFromCivil(v.year, v.month, v.day)*86400 + int64(v.hour*3600+v.minute*60+v.second)
}

// instant returns the value's seconds since the epoch in UTC; a value
// without timezone is taken as UTC.
func (v dtVal) instant() int64 {
	s := v.localSeconds()
	if v.hasTZ {
		s -= int64(v.tzMin) * 60
	}
	return s
}

func cmpInstant(s1 int64, n1 int, s2 int64, n2 int) int {
	switch {
	case s1 < s2:
		return -1
	case s1 > s2:
		return 1
	case n1 < n2:
		return -1
	case n1 > n2:
		return 1
	}
	return 0
}

// dtCompare compares two values of the same kind by the XML Schema partial
// order: a value without timezone is compared with one with a timezone by
// giving it every timezone from -14:00 to +14:00; ok is false when the
// result depends on that choice (indeterminate).
func dtCompare(a, b dtVal) (c int, ok bool) {
	if a.hasTZ == b.hasTZ {
		return cmpInstant(a.instant(), a.nanos, b.instant(), b.nanos), true
	}
	if !a.hasTZ {
		c, ok := dtCompare(b, a)
		return -c, ok
	}
	const span = 14 * 3600
	ia, ib := a.instant(), b.instant()
	if cmpInstant(ia, a.nanos, ib-span, b.nanos) < 0 {
		return -1, true
	}
	if cmpInstant(ia, a.nanos, ib+span, b.nanos) > 0 {
		return 1, true
	}
	return 0, false
}

// dtTotalCompare is a total order on values of one kind for ORDER BY: by
// instant, values without timezone taken as UTC.
func dtTotalCompare(a, b dtVal) int {
	return cmpInstant(a.instant(), a.nanos, b.instant(), b.nanos)
}

// ---------------------------------------------------------------------------
// Operator mapping

// litClass is the value space a literal belongs to for the operators.
type litClass uint8

const (
	clsOther    litClass = iota // unknown datatype, or ill-typed literal of a known one
	clsString                   // simple literal or xsd:string
	clsLang                     // language-tagged string
	clsNumeric                  // valid numeric literal
	clsBoolean                  // valid xsd:boolean
	clsDateTime                 // valid xsd:dateTime
	clsDate                     // valid xsd:date
	clsTime                     // valid xsd:time
)

// litValue is a literal classified and parsed.
type litValue struct {
	cls litClass
	num numVal
	b   bool
	dt  dtVal
}

// isPlainString reports whether l is a simple literal or an xsd:string.
func isPlainString(l *sparql.Literal) bool {
	return l.Lang == "" && (l.Datatype == nil || l.Datatype.Value == sparql.XSDString)
}

// valueOf classifies and parses a literal.
func valueOf(l *sparql.Literal) litValue {
	if l.Lang != "" {
		return litValue{cls: clsLang}
	}
	if l.Datatype == nil || l.Datatype.Value == sparql.XSDString {
		return litValue{cls: clsString}
	}
	switch dt := l.Datatype.Value; dt {
	case sparql.XSDBoolean:
		if b, ok := parseBoolLex(l.Lexical); ok {
			return litValue{cls: clsBoolean, b: b}
		}
	case xsdDateTime, xsdDate, xsdTime:
		if v, ok := dateTimeValue(l); ok {
			c := clsDateTime
			switch v.kind {
			case kindDate:
				c = clsDate
			case kindTime:
				c = clsTime
			}
			return litValue{cls: c, dt: v}
		}
	default:
		if n, ok := numericValue(l); ok {
			return litValue{cls: clsNumeric, num: n}
		}
	}
	return litValue{cls: clsOther}
}

// sameTerm reports whether a and b are the same RDF term (sameTerm): IRIs
// and blank nodes by value, literals by lexical form, datatype and
// (case-insensitive) language tag; xsd:string and simple literals are the
// same.
func sameTerm(a, b sparql.Term) bool {
	switch x := a.(type) {
	case *sparql.IRI:
		y, ok := b.(*sparql.IRI)
		return ok && x != nil && y != nil && x.Value == y.Value
	case *sparql.BlankNode:
		y, ok := b.(*sparql.BlankNode)
		return ok && x != nil && y != nil && x.Label == y.Label
	case *sparql.Literal:
		y, ok := b.(*sparql.Literal)
		return ok && x != nil && y != nil && x.Lexical == y.Lexical &&
			strings.EqualFold(x.Lang, y.Lang) && x.DatatypeIRI() == y.DatatypeIRI()
	}
	return false
}

// termEqual is the = operator (§17.3): numbers, strings, booleans and
// date/times compare by value; language-tagged strings by lexical form and
// tag; other terms by RDFterm-equal. Literals of different known value
// spaces are unequal; two different literals one of which has an unknown
// datatype (or is ill-typed) cannot be told apart: an error (§17.4.1.7).
func termEqual(a, b sparql.Term) (bool, error) {
	if termRank(a) == 0 || termRank(b) == 0 {
		return false, errUnbound
	}
	switch x := a.(type) {
	case *sparql.IRI:
		y, ok := b.(*sparql.IRI)
		return ok && x.Value == y.Value, nil
	case *sparql.BlankNode:
		y, ok := b.(*sparql.BlankNode)
		return ok && x.Label == y.Label, nil
	case *sparql.Literal:
		y, ok := b.(*sparql.Literal)
		if !ok {
			return false, nil
		}
		return literalEqual(x, y)
	}
	return false, errTypeMismatch
}

func literalEqual(x, y *sparql.Literal) (bool, error) {
	if isPlainString(x) && isPlainString(y) {
		return x.Lexical == y.Lexical, nil
	}
	if nx, ok := numericValue(x); ok {
		if ny, ok := numericValue(y); ok {
			c, ok := numCompare(nx, ny)
			return ok && c == 0, nil
		}
	}
	vx, vy := valueOf(x), valueOf(y)
	if vx.cls == clsOther || vy.cls == clsOther {
		switch {
		case sameTerm(x, y):
			return true, nil
		case vx.cls == clsLang || vy.cls == clsLang:
			// rdf:langString is disjoint from every other datatype.
			return false, nil
		}
		return false, errIncomparable
	}
	if vx.cls != vy.cls {
		return false, nil
	}
	switch vx.cls {
	case clsLang:
		return x.Lexical == y.Lexical && strings.EqualFold(x.Lang, y.Lang), nil
	case clsNumeric:
		c, ok := numCompare(vx.num, vy.num)
		return ok && c == 0, nil
	case clsBoolean:
		return vx.b == vy.b, nil
	case clsDateTime, clsDate, clsTime:
		c, ok := dtCompare(vx.dt, vy.dt)
		if !ok {
			return false, errIncomparable
		}
		return c == 0, nil
	}
	return x.Lexical == y.Lexical, nil
}

// compareOp evaluates a < b, a > b, a <= b or a >= b (op) for numbers
// (NaN compares false), simple and xsd:string literals (by code point),
// booleans (false < true) and date/times of one kind; anything else is a
// type error.
func compareOp(op sparql.BinaryOp, a, b sparql.Term) (bool, error) {
	x, ok1 := a.(*sparql.Literal)
	y, ok2 := b.(*sparql.Literal)
	if !ok1 || !ok2 || x == nil || y == nil {
		return false, errIncomparable
	}
	var c int
	if nx, ok := numericValue(x); ok {
		// Fast path for the common numeric comparison.
		ny, ok := numericValue(y)
		if !ok {
			return false, errIncomparable
		}
		if c, ok = numCompare(nx, ny); !ok {
			return false, nil // NaN
		}
	} else if isPlainString(x) && isPlainString(y) {
		c = strings.Compare(x.Lexical, y.Lexical)
	} else {
		vx, vy := valueOf(x), valueOf(y)
		if vx.cls != vy.cls {
			return false, errIncomparable
		}
		switch vx.cls {
		case clsNumeric:
			var ok bool
			if c, ok = numCompare(vx.num, vy.num); !ok {
				return false, nil // NaN
			}
		case clsBoolean:
			c = boolCmp(vx.b, vy.b)
		case clsDateTime, clsDate, clsTime:
			var ok bool
			if c, ok = dtCompare(vx.dt, vy.dt); !ok {
				return false, errIncomparable
			}
		default:
			return false, errIncomparable
		}
	}
	switch op {
	case sparql.OpLt:
		return c < 0, nil
	case sparql.OpGt:
		return c > 0, nil
	case sparql.OpLe:
		return c <= 0, nil
	case sparql.OpGe:
		return c >= 0, nil
	}
	return false, errTypeMismatch
}

func boolCmp(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}
