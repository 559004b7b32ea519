package rdfvalue

import (
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// XSD datatype IRIs not already named in package sparql.
const (
	XSDFloat              = sparql.XSD + "float"
	XSDDateTime           = sparql.XSD + "dateTime"
	XSDDateTimeStamp      = sparql.XSD + "dateTimeStamp"
	XSDDate               = sparql.XSD + "date"
	XSDTime               = sparql.XSD + "time"
	XSDDayTimeDuration    = sparql.XSD + "dayTimeDuration"
	XSDNonPositiveInteger = sparql.XSD + "nonPositiveInteger"
	XSDNegativeInteger    = sparql.XSD + "negativeInteger"
	XSDLong               = sparql.XSD + "long"
	XSDInt                = sparql.XSD + "int"
	XSDShort              = sparql.XSD + "short"
	XSDByte               = sparql.XSD + "byte"
	XSDNonNegativeInteger = sparql.XSD + "nonNegativeInteger"
	XSDUnsignedLong       = sparql.XSD + "unsignedLong"
	XSDUnsignedInt        = sparql.XSD + "unsignedInt"
	XSDUnsignedShort      = sparql.XSD + "unsignedShort"
	XSDUnsignedByte       = sparql.XSD + "unsignedByte"
	XSDPositiveInteger    = sparql.XSD + "positiveInteger"
)

// Errors of arithmetic and of the comparison operators.
var (
	// ErrNotNumeric: an operand is not a number.
	ErrNotNumeric = errors.New("operand is not a number")
	// ErrDivByZero: an integer or decimal division by zero.
	ErrDivByZero = errors.New("division by zero")
	// ErrUnbound: an operand of Equal is a nil term.
	ErrUnbound = errors.New("unbound term")
	// ErrIncomparable: the values cannot be compared (different value
	// spaces, an unknown datatype, or an indeterminate date/time order).
	ErrIncomparable = errors.New("values are not comparable")
	// ErrUnordered: one of two numbers compared by CompareLiterals is
	// NaN; every ordering operator is false.
	ErrUnordered = errors.New("NaN is unordered")
	// ErrTypeMismatch: an operand of Equal is not an IRI, blank node or
	// literal.
	ErrTypeMismatch = errors.New("not an RDF term")
)

// Shared datatype IRIs of computed literals. Literals built by this
// package point at these; nobody may modify them.
var (
	dtInteger = &sparql.IRI{Value: sparql.XSDInteger}
	dtDecimal = &sparql.IRI{Value: sparql.XSDDecimal}
	dtFloat   = &sparql.IRI{Value: XSDFloat}
	dtDouble  = &sparql.IRI{Value: sparql.XSDDouble}
	dtBoolean = &sparql.IRI{Value: sparql.XSDBoolean}
)

// intRange is the value range of a datatype derived from xsd:integer; nil
// bounds are unbounded.
type intRange struct{ min, max *big.Int }

// xsdIntegerTypes maps xsd:integer and every built-in datatype derived from
// it to its range.
var xsdIntegerTypes = map[string]intRange{
	sparql.XSDInteger:     {},
	XSDNonPositiveInteger: {max: big.NewInt(0)},
	XSDNegativeInteger:    {max: big.NewInt(-1)},
	XSDLong:               {min: big.NewInt(math.MinInt64), max: big.NewInt(math.MaxInt64)},
	XSDInt:                {min: big.NewInt(math.MinInt32), max: big.NewInt(math.MaxInt32)},
	XSDShort:              {min: big.NewInt(math.MinInt16), max: big.NewInt(math.MaxInt16)},
	XSDByte:               {min: big.NewInt(math.MinInt8), max: big.NewInt(math.MaxInt8)},
	XSDNonNegativeInteger: {min: big.NewInt(0)},
	XSDUnsignedLong:       {min: big.NewInt(0), max: new(big.Int).SetUint64(math.MaxUint64)},
	XSDUnsignedInt:        {min: big.NewInt(0), max: big.NewInt(math.MaxUint32)},
	XSDUnsignedShort:      {min: big.NewInt(0), max: big.NewInt(math.MaxUint16)},
	XSDUnsignedByte:       {min: big.NewInt(0), max: big.NewInt(math.MaxUint8)},
	XSDPositiveInteger:    {min: big.NewInt(1)},
}

// NumKind is a level of the numeric promotion tower: integer → decimal →
// float → double. A binary operation is carried out at the higher level of
// its operands.
type NumKind uint8

// The numeric kinds, in promotion order.
const (
	NotNumeric NumKind = iota
	Integer            // xsd:integer and the types derived from it
	Decimal            // xsd:decimal
	Float              // xsd:float
	Double             // xsd:double
)

// String names the kind's primitive datatype ("integer", "decimal",
// "float", "double"), "" for NotNumeric.
func (k NumKind) String() string {
	switch k {
	case Integer:
		return "integer"
	case Decimal:
		return "decimal"
	case Float:
		return "float"
	case Double:
		return "double"
	}
	return ""
}

// Bits returns the bit size of a floating-point kind: 32 for Float, 64
// for Double, 0 for the others.
func (k NumKind) Bits() int {
	switch k {
	case Float:
		return 32
	case Double:
		return 64
	}
	return 0
}

// NumericKind returns the promotion level of a datatype IRI: Integer for
// xsd:integer and every built-in type derived from it, NotNumeric when
// the datatype is not numeric.
func NumericKind(datatype string) NumKind {
	switch datatype {
	case sparql.XSDInteger:
		return Integer
	case sparql.XSDDecimal:
		return Decimal
	case sparql.XSDDouble:
		return Double
	case XSDFloat:
		return Float
	}
	if _, ok := xsdIntegerTypes[datatype]; ok {
		return Integer
	}
	return NotNumeric
}

// Number is the value of a numeric literal: an integer (exact, of any
// size), a decimal (an exact finite decimal fraction), a float (rounded to
// float32 precision) or a double. The zero Number is not a number (its
// Kind is NotNumeric).
type Number struct {
	kind NumKind
	i    int64    // Integer, when b is nil
	b    *big.Int // Integer outside the int64 range
	r    *big.Rat // Decimal
	f    float64  // Float and Double
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

// NewInteger returns the integer i.
func NewInteger(i int64) Number { return Number{kind: Integer, i: i} }

// NewBigInteger returns the integer b; the Number may keep b, which must
// not be modified afterwards.
func NewBigInteger(b *big.Int) Number {
	if b.IsInt64() {
		return Number{kind: Integer, i: b.Int64()}
	}
	return Number{kind: Integer, b: b}
}

// NewDecimal returns the decimal r, which must be a finite decimal
// fraction; the Number keeps r, which must not be modified afterwards.
func NewDecimal(r *big.Rat) Number { return Number{kind: Decimal, r: r} }

// NewDouble returns the double f.
func NewDouble(f float64) Number { return Number{kind: Double, f: f} }

// NewFloat returns the float f rounded to float32 precision.
func NewFloat(f float64) Number { return Number{kind: Float, f: float64(float32(f))} }

// newFloating returns a Float or Double (kind) value.
func newFloating(kind NumKind, f float64) Number {
	if kind == Float {
		return NewFloat(f)
	}
	return NewDouble(f)
}

// Kind returns the number's level of the promotion tower.
func (n Number) Kind() NumKind { return n.kind }

// BigInt returns an integer value as a fresh big.Int.
func (n Number) BigInt() *big.Int {
	if n.b != nil {
		return new(big.Int).Set(n.b)
	}
	return big.NewInt(n.i)
}

// Rat returns an integer or decimal value as a big.Rat. The result must
// not be modified (it may be the Number's own).
func (n Number) Rat() *big.Rat {
	switch {
	case n.kind == Decimal:
		return n.r
	case n.b != nil:
		return new(big.Rat).SetInt(n.b)
	default:
		return new(big.Rat).SetInt64(n.i)
	}
}

// Float64 returns the value as a float64 (the nearest one for integers
// and decimals).
func (n Number) Float64() float64 {
	switch n.kind {
	case Integer:
		if n.b != nil {
			f, _ := new(big.Float).SetInt(n.b).Float64()
			return f
		}
		return float64(n.i)
	case Decimal:
		f, _ := n.r.Float64()
		return f
	}
	return n.f
}

// Sign returns -1, 0 or +1 (0 for NaN and for -0).
func (n Number) Sign() int {
	switch n.kind {
	case Integer:
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
	case Decimal:
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

// IsNaN reports whether n is a float or double NaN.
func (n Number) IsNaN() bool { return n.kind >= Float && math.IsNaN(n.f) }

// IsFinite reports whether n is neither NaN nor ±INF.
func (n Number) IsFinite() bool {
	return n.kind < Float || !math.IsNaN(n.f) && !math.IsInf(n.f, 0)
}

// DecimalValue returns the value as an exact decimal: integers and
// decimals as they are, a float or double as the decimal it prints as
// (its shortest round-tripping form, so "0.1"^^xsd:float is 1/10, not the
// float32 nearest to it); false for NaN and ±INF. The result must not be
// modified.
func (n Number) DecimalValue() (*big.Rat, bool) {
	switch n.kind {
	case Integer, Decimal:
		return n.Rat(), true
	case NotNumeric:
		return nil, false
	}
	if !n.IsFinite() {
		return nil, false
	}
	r, ok := new(big.Rat).SetString(strconv.FormatFloat(n.f, 'f', -1, n.kind.Bits()))
	return r, ok
}

// NumericValue returns the value of a numeric literal; ok is false for a
// literal whose datatype is not numeric and for an ill-typed one (a lexical
// form outside the datatype's lexical space, or a value outside the range
// of a derived integer type such as xsd:byte).
func NumericValue(l *sparql.Literal) (Number, bool) {
	if l.Datatype == nil {
		return Number{}, false
	}
	dt := l.Datatype.Value
	switch dt {
	case sparql.XSDInteger:
		return parseInteger(l.Lexical)
	case sparql.XSDDecimal:
		return parseDecimal(l.Lexical)
	case sparql.XSDDouble:
		return parseFloating(l.Lexical, Double)
	case XSDFloat:
		return parseFloating(l.Lexical, Float)
	}
	rg, ok := xsdIntegerTypes[dt]
	if !ok {
		return Number{}, false
	}
	n, ok := parseInteger(l.Lexical)
	if !ok || !rg.contains(n) {
		return Number{}, false
	}
	return n, true
}

// InIntegerRange reports whether datatype is xsd:integer or a built-in
// type derived from it and the integer n lies within its value range
// (xsd:byte: -128 to 127).
func InIntegerRange(datatype string, n Number) bool {
	rg, ok := xsdIntegerTypes[datatype]
	return ok && n.kind == Integer && rg.contains(n)
}

// contains reports whether the integer n lies within the range.
func (rg intRange) contains(n Number) bool {
	if rg.min == nil && rg.max == nil {
		return true
	}
	v := n.BigInt()
	return (rg.min == nil || v.Cmp(rg.min) >= 0) && (rg.max == nil || v.Cmp(rg.max) <= 0)
}

// ParseLexical parses s in the lexical space of kind: [+-]?[0-9]+ for
// Integer; [+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+) for Decimal (which takes
// every integer lexical form too); for Float and Double a decimal mantissa
// with an optional exponent, INF, +INF, -INF or NaN, values beyond the
// range rounding to ±INF. Whitespace (space, tab, CR, LF) around s is
// ignored. No range of a derived integer type is checked; see
// [NumericValue] for that.
func ParseLexical(s string, kind NumKind) (Number, bool) {
	switch kind {
	case Integer:
		return parseInteger(s)
	case Decimal:
		return parseDecimal(s)
	case Float, Double:
		return parseFloating(s, kind)
	}
	return Number{}, false
}

// CollapseSpace removes the XML whitespace (space, tab, CR, LF) around a
// lexical form, as the "collapse" facet of the numeric, boolean and
// date/time datatypes allows.
func CollapseSpace(s string) string {
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

// parseInteger parses the xsd:integer lexical form [+-]?[0-9]+.
func parseInteger(s string) (Number, bool) {
	s = CollapseSpace(s)
	digits := s
	if digits != "" && (digits[0] == '+' || digits[0] == '-') {
		digits = digits[1:]
	}
	if !allDigits(digits) {
		return Number{}, false
	}
	if i, err := strconv.ParseInt(s, 10, 64); err == nil {
		return NewInteger(i), true
	}
	b, ok := new(big.Int).SetString(strings.TrimPrefix(s, "+"), 10)
	if !ok {
		return Number{}, false
	}
	return NewBigInteger(b), true
}

// parseDecimal parses the xsd:decimal lexical form
// [+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+).
func parseDecimal(s string) (Number, bool) {
	s = CollapseSpace(s)
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	ip, fp, _ := strings.Cut(s, ".")
	if ip == "" && fp == "" || ip != "" && !allDigits(ip) || fp != "" && !allDigits(fp) {
		return Number{}, false
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
			return Number{}, false
		}
		if neg {
			n.Neg(n)
		}
		r = new(big.Rat).SetFrac(n, pow10(len(fp)))
	}
	return NewDecimal(r), true
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

// parseFloating parses the xsd:double / xsd:float (kind) lexical form: a
// decimal mantissa with an optional exponent, INF, +INF, -INF or NaN.
// Values beyond the range round to ±INF.
func parseFloating(s string, kind NumKind) (Number, bool) {
	s = CollapseSpace(s)
	switch s {
	case "INF", "+INF":
		return newFloating(kind, math.Inf(1)), true
	case "-INF":
		return newFloating(kind, math.Inf(-1)), true
	case "NaN":
		return newFloating(kind, math.NaN()), true
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
			return Number{}, false
		}
	}
	ip, fp, _ := strings.Cut(m, ".")
	if ip == "" && fp == "" || ip != "" && !allDigits(ip) || fp != "" && !allDigits(fp) {
		return Number{}, false
	}
	f, err := strconv.ParseFloat(s, kind.Bits())
	if err != nil {
		if ne, ok := err.(*strconv.NumError); !ok || ne.Err != strconv.ErrRange {
			return Number{}, false
		}
	}
	return newFloating(kind, f), true
}

// Arith applies + - * / (op) to two numbers after promotion: integer /
// integer is a decimal; decimal and integer division by zero is
// ErrDivByZero, float and double division by zero gives ±INF or NaN. A
// decimal quotient that does not terminate within 18 fractional digits is
// truncated toward zero there. An operand that is not a number (or an op
// other than the four) gives ErrNotNumeric.
func Arith(op byte, a, b Number) (Number, error) {
	k := max(a.kind, b.kind)
	if a.kind == NotNumeric || b.kind == NotNumeric {
		k = NotNumeric
	}
	if k == Integer && op == '/' {
		k = Decimal
	}
	switch op {
	case '+', '-', '*', '/':
	default:
		return Number{}, ErrNotNumeric
	}
	switch k {
	case Float, Double:
		x, y := a.Float64(), b.Float64()
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
		return newFloating(k, z), nil
	case Decimal:
		x, y := a.Rat(), b.Rat()
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
				return Number{}, ErrDivByZero
			}
			z = DecimalQuo(x, y)
		}
		return NewDecimal(z), nil
	case Integer:
		if a.b == nil && b.b == nil {
			x, y := a.i, b.i
			switch op {
			case '+':
				if z := x + y; (z > x) == (y > 0) {
					return NewInteger(z), nil
				}
			case '-':
				if z := x - y; (z < x) == (y > 0) {
					return NewInteger(z), nil
				}
			case '*':
				if x == 0 || y == 0 {
					return NewInteger(0), nil
				}
				if z := x * y; z/y == x && !(x == -1 && y == math.MinInt64) && !(y == -1 && x == math.MinInt64) {
					return NewInteger(z), nil
				}
			}
		}
		x, y := a.BigInt(), b.BigInt()
		switch op {
		case '+':
			x.Add(x, y)
		case '-':
			x.Sub(x, y)
		case '*':
			x.Mul(x, y)
		}
		return NewBigInteger(x), nil
	}
	return Number{}, ErrNotNumeric
}

// DecimalQuo returns x / y (y non-zero), exact when the quotient has at
// most 18 fractional digits, else truncated toward zero to that many
// digits.
func DecimalQuo(x, y *big.Rat) *big.Rat {
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

// CompareNumbers compares two numbers after XPath promotion: integers and
// decimals exactly, anything compared with a float or double as float64
// (a float's value is its float32 one, compared in double precision); ok
// is false when one is NaN (unordered).
func CompareNumbers(a, b Number) (c int, ok bool) {
	k := max(a.kind, b.kind)
	switch {
	case k >= Float:
		x, y := a.Float64(), b.Float64()
		switch {
		case x < y:
			return -1, true
		case x > y:
			return 1, true
		case x == y:
			return 0, true
		}
		return 0, false
	case k == Integer && a.b == nil && b.b == nil:
		switch {
		case a.i < b.i:
			return -1, true
		case a.i > b.i:
			return 1, true
		}
		return 0, true
	}
	return a.Rat().Cmp(b.Rat()), true
}

// CompareDecimalValues compares two numbers by their [Number.DecimalValue]
// (the decimals they print as), ±INF at the ends; ok is false when one is
// NaN. It is the order consistent with [Number.ShortestDecimal] keys: it
// says "0.1"^^xsd:float equals "0.1"^^xsd:double, which XPath promotion
// ([CompareNumbers]) does not.
func CompareDecimalValues(a, b Number) (c int, ok bool) {
	ra, oka := a.DecimalValue()
	rb, okb := b.DecimalValue()
	if oka && okb {
		return ra.Cmp(rb), true
	}
	fa, fb := a.f, b.f
	if oka {
		fa, _ = ra.Float64()
	}
	if okb {
		fb, _ = rb.Float64()
	}
	if math.IsNaN(fa) || math.IsNaN(fb) {
		return 0, false
	}
	switch {
	case fa < fb:
		return -1, true
	case fa > fb:
		return 1, true
	}
	return 0, true
}

// Neg returns -n.
func (n Number) Neg() Number {
	switch n.kind {
	case Integer:
		if n.b == nil && n.i != math.MinInt64 {
			return NewInteger(-n.i)
		}
		b := n.BigInt()
		return NewBigInteger(b.Neg(b))
	case Decimal:
		return NewDecimal(new(big.Rat).Neg(n.r))
	}
	return Number{kind: n.kind, f: -n.f}
}

// Abs is fn:abs: |n| in n's kind (for floats -0 gives 0 and NaN stays NaN).
func (n Number) Abs() Number {
	if n.Sign() < 0 {
		return n.Neg()
	}
	if n.kind >= Float {
		n.f = math.Abs(n.f)
	}
	return n
}

// ratFloor returns ⌊r⌋.
func ratFloor(r *big.Rat) *big.Rat {
	q := new(big.Int).Div(r.Num(), r.Denom()) // Euclidean: floor for a positive denominator
	return new(big.Rat).SetInt(q)
}

// Floor is fn:floor: the largest integral value ≤ n, in n's kind.
func (n Number) Floor() Number {
	switch n.kind {
	case Decimal:
		return NewDecimal(ratFloor(n.r))
	case Float, Double:
		n.f = math.Floor(n.f)
	}
	return n
}

// Ceil is fn:ceiling: the smallest integral value ≥ n, in n's kind.
func (n Number) Ceil() Number {
	switch n.kind {
	case Decimal:
		return NewDecimal(new(big.Rat).Neg(ratFloor(new(big.Rat).Neg(n.r))))
	case Float, Double:
		n.f = math.Ceil(n.f)
	}
	return n
}

// Round is fn:round: the nearest integral value, halves rounded toward
// +∞, in n's kind.
func (n Number) Round() Number {
	switch n.kind {
	case Decimal:
		return NewDecimal(ratFloor(new(big.Rat).Add(n.r, ratHalf)))
	case Float, Double:
		n.f = RoundFloat64(n.f)
	}
	return n
}

// RoundFloat64 is fn:round on a double: the nearest integer, halves
// toward +∞ (-0.5 gives -0); NaN and ±INF are returned as they are.
func RoundFloat64(f float64) float64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return f
	}
	r := math.Floor(f)
	if f-r >= 0.5 {
		r++
	}
	if r == 0 && math.Signbit(f) {
		return math.Copysign(0, -1)
	}
	return r
}

// ToInteger is the cast to xsd:integer: n truncated toward zero; NaN and
// ±INF have no integer value.
func (n Number) ToInteger() (Number, bool) {
	switch n.kind {
	case Integer:
		return n, true
	case Decimal:
		return NewBigInteger(new(big.Int).Quo(n.r.Num(), n.r.Denom())), true
	case NotNumeric:
		return Number{}, false
	}
	if !n.IsFinite() {
		return Number{}, false
	}
	t := math.Trunc(n.f)
	if math.Abs(t) < 1<<62 {
		return NewInteger(int64(t)), true
	}
	b, _ := new(big.Float).SetFloat64(t).Int(nil)
	return NewBigInteger(b), true
}

// ToDecimal is the cast to xsd:decimal: a float or double becomes the
// decimal of its shortest round-tripping representation
// ([Number.DecimalValue]); NaN and ±INF have none.
func (n Number) ToDecimal() (Number, bool) {
	if n.kind == Decimal {
		return n, true
	}
	r, ok := n.DecimalValue()
	if !ok {
		return Number{}, false
	}
	return NewDecimal(r), true
}

// Literal returns n as a literal of its primitive datatype (xsd:integer,
// xsd:decimal, xsd:float or xsd:double) in canonical form ([Number.Lexical]).
// Its datatype IRI is shared: it must not be modified, though the literal's
// Datatype field may be replaced.
func (n Number) Literal() *sparql.Literal {
	switch n.kind {
	case Integer:
		return &sparql.Literal{Lexical: n.Lexical(), Datatype: dtInteger}
	case Decimal:
		return &sparql.Literal{Lexical: n.Lexical(), Datatype: dtDecimal}
	case Float:
		return &sparql.Literal{Lexical: n.Lexical(), Datatype: dtFloat}
	}
	return &sparql.Literal{Lexical: n.Lexical(), Datatype: dtDouble}
}

// Lexical returns the canonical lexical form of n in its datatype (XSD 1.0
// style): integer "3", decimal "1.5" / "2.0", double and float "1.5E0",
// "1.0E-7", "INF", "NaN".
func (n Number) Lexical() string {
	switch n.kind {
	case Integer:
		if n.b != nil {
			return n.b.String()
		}
		return strconv.FormatInt(n.i, 10)
	case Decimal:
		return FormatDecimal(n.r)
	case Float:
		return FormatFloat(n.f, 32)
	}
	return FormatFloat(n.f, 64)
}

// XPathString returns n cast to xsd:string by the XPath rules: integral
// decimals without a decimal point, doubles and floats in [1e-6, 1e6) in
// plain decimal notation, others in the canonical exponent form.
func (n Number) XPathString() string {
	switch n.kind {
	case Integer:
		return n.Lexical()
	case Decimal:
		if n.r.IsInt() {
			return n.r.Num().String()
		}
		return FormatDecimal(n.r)
	}
	bits := 64
	if n.kind == Float {
		bits = 32
	}
	a := math.Abs(n.f)
	switch {
	case math.IsNaN(n.f) || math.IsInf(n.f, 0):
		return FormatFloat(n.f, bits)
	case a == 0:
		if math.Signbit(n.f) {
			return "-0"
		}
		return "0"
	case a >= 1e-6 && a < 1e6:
		return strconv.FormatFloat(n.f, 'f', -1, bits)
	}
	return FormatFloat(n.f, bits)
}

// ShortestDecimal returns the shortest plain decimal form of n's value,
// the same for every datatype and lexical form of one value, as used in
// answer keys: no plus sign, no exponent, no leading zeros, no trailing
// fractional zeros, no point without a fraction ("01", "1.0"^^xsd:decimal
// and "1E0"^^xsd:double are "1"; "-0.0" is "0"); a float or double is
// written with the fewest digits that identify it in its bit size ("0.1"^^xsd:float
// is "0.1"); "NaN", "INF" and "-INF" as they are.
func (n Number) ShortestDecimal() string {
	switch n.kind {
	case Integer:
		return n.Lexical()
	case Decimal:
		return sparql.CanonicalDecimal(n.r.FloatString(fracDigits(n.r)))
	case NotNumeric:
		return ""
	}
	switch {
	case math.IsNaN(n.f):
		return "NaN"
	case math.IsInf(n.f, 1):
		return "INF"
	case math.IsInf(n.f, -1):
		return "-INF"
	}
	return sparql.CanonicalDecimal(strconv.FormatFloat(n.f, 'f', -1, n.kind.Bits()))
}

// fracDigits returns the number of fractional digits that write the
// finite decimal r exactly (decimalDivDigits when it does not terminate).
func fracDigits(r *big.Rat) int {
	n, exact := decimalDigits(r.Denom())
	if !exact {
		n = decimalDivDigits
	}
	return n
}

// FormatDecimal returns the canonical xsd:decimal form of r (XSD 1.0
// style: at least one digit on each side of the point, "2.0", "-0.5",
// "0.0"). A fraction that does not terminate is truncated at 18 digits.
func FormatDecimal(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String() + ".0"
	}
	s := r.FloatString(fracDigits(r))
	s = strings.TrimRight(s, "0")
	if strings.HasSuffix(s, ".") {
		s += "0"
	}
	if s == "-0.0" {
		s = "0.0"
	}
	return s
}

// FormatFloat returns the canonical xsd:double (bits 64) or xsd:float
// (bits 32) form of f: a mantissa with one digit before the point and at
// least one after, and an exponent ("1.5E0", "1.0E-7", "-0.0E0", "INF",
// "NaN").
func FormatFloat(f float64, bits int) string {
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
