package rdfvalue

import (
	"strconv"
	"strings"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// TemporalKind tells xsd:dateTime, xsd:date and xsd:time values apart.
type TemporalKind uint8

// The date/time kinds.
const (
	KindDateTime TemporalKind = iota // xsd:dateTime
	KindDate                         // xsd:date
	KindTime                         // xsd:time
)

// maxYear bounds the years accepted (|year| ≤ maxYear) so that instants
// fit in an int64 of seconds; larger years make the literal ill-typed.
const maxYear = 999_999_999

// DateTime is the value of an xsd:dateTime, xsd:date or xsd:time literal.
// The fields are the local (written) ones, with 24:00:00 read as 00:00:00
// of the next day. A date has a zero time of day; a time has the date
// 1972-12-31 (as XML Schema's timeOnTimeline does).
type DateTime struct {
	Kind   TemporalKind
	Year   int64 // proleptic Gregorian; year 0 is 1 BCE
	Month  int
	Day    int
	Hour   int
	Minute int
	Second int
	Nanos  int    // fractional second in nanoseconds (digits past the ninth are dropped)
	Frac   string // fractional-second digits as written, without trailing zeros
	HasTZ  bool
	TZMin  int    // timezone offset in minutes east of UTC
	TZ     string // the timezone as written: "Z", "-08:00", or ""
}

// TemporalKindOf returns the kind of a date/time datatype IRI
// (xsd:dateTime, xsd:date, xsd:time); ok is false for other datatypes.
func TemporalKindOf(datatype string) (kind TemporalKind, ok bool) {
	switch datatype {
	case XSDDateTime:
		return KindDateTime, true
	case XSDDate:
		return KindDate, true
	case XSDTime:
		return KindTime, true
	}
	return 0, false
}

// DateTimeValue returns the value of an xsd:dateTime, xsd:date or xsd:time
// literal; ok is false for other literals and ill-typed ones.
func DateTimeValue(l *sparql.Literal) (DateTime, bool) {
	if l.Datatype == nil {
		return DateTime{}, false
	}
	kind, ok := TemporalKindOf(l.Datatype.Value)
	if !ok {
		return DateTime{}, false
	}
	return ParseDateTime(l.Lexical, kind)
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

func (p *dtParser) date(v *DateTime) bool {
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
	v.Year, v.Month, v.Day = y, int(mo), int(d)
	return true
}

func (p *dtParser) time(v *DateTime) bool {
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
		v.Frac = strings.TrimRight(f, "0")
		ns := (v.Frac + "000000000")[:9]
		n, _ := strconv.Atoi(ns)
		v.Nanos = n
	}
	if mi > 59 || s > 59 || h > 24 || h == 24 && (mi != 0 || s != 0 || v.Nanos != 0 || v.Frac != "") {
		return false
	}
	v.Hour, v.Minute, v.Second = int(h), int(mi), int(s)
	return true
}

func (p *dtParser) tz(v *DateTime) bool {
	if p.pos == len(p.s) {
		return true
	}
	start := p.pos
	if p.lit('Z') {
		v.HasTZ, v.TZ = true, "Z"
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
	v.HasTZ, v.TZMin, v.TZ = true, sign*int(h*60+m), p.s[start:p.pos]
	return true
}

// ParseDateTime parses the lexical form of an xsd:dateTime, xsd:date or
// xsd:time (kind) value: -?YYYY-MM-DD for dates (at least four year
// digits, no leading zero beyond four), hh:mm:ss(.s+)? for times (24:00:00
// allowed and read as 00:00:00 of the next day), an optional timezone Z
// or ±hh:mm within ±14:00. Whitespace (space, tab, CR, LF) around s is
// ignored.
func ParseDateTime(s string, kind TemporalKind) (DateTime, bool) {
	p := &dtParser{s: CollapseSpace(s)}
	v := DateTime{Kind: kind}
	switch kind {
	case KindDateTime:
		if !p.date(&v) || !p.lit('T') || !p.time(&v) {
			return DateTime{}, false
		}
	case KindDate:
		if !p.date(&v) {
			return DateTime{}, false
		}
	case KindTime:
		v.Year, v.Month, v.Day = 1972, 12, 31
		if !p.time(&v) {
			return DateTime{}, false
		}
	default:
		return DateTime{}, false
	}
	if !p.tz(&v) {
		return DateTime{}, false
	}
	if v.Hour == 24 {
		v.Hour = 0
		if kind == KindDateTime {
			v.Year, v.Month, v.Day = civilFromDays(daysFromCivil(v.Year, v.Month, v.Day) + 1)
		}
	}
	return v, true
}

func isLeap(y int64) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

// daysIn returns the number of days of month m of year y.
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
func (d DateTime) localSeconds() int64 {
	return daysFromCivil(d.Year, d.Month, d.Day)*86400 + int64(d.Hour*3600+d.Minute*60+d.Second)
}

// Instant returns the value's time since 1970-01-01T00:00:00Z in whole
// seconds and the nanoseconds past them; a value without timezone is taken
// as UTC.
func (d DateTime) Instant() (seconds int64, nanos int) {
	s := d.localSeconds()
	if d.HasTZ {
		s -= int64(d.TZMin) * 60
	}
	return s, d.Nanos
}

// UTC returns the same instant with its fields in UTC and the timezone
// "Z"; a value without timezone is taken as UTC (it keeps no timezone).
// The kind and the fractional second are kept.
func (d DateTime) UTC() DateTime {
	if !d.HasTZ || d.TZMin == 0 && d.TZ == "Z" {
		return d
	}
	s, _ := d.Instant()
	days, rest := s/86400, s%86400
	if rest < 0 {
		days, rest = days-1, rest+86400
	}
	d.Year, d.Month, d.Day = civilFromDays(days)
	d.Hour, d.Minute, d.Second = int(rest/3600), int(rest%3600/60), int(rest%60)
	d.TZMin, d.TZ = 0, "Z"
	return d
}

// WithoutTimezone returns the value with its timezone dropped and its
// local fields kept ("2020-01-05+02:00" becomes "2020-01-05").
func (d DateTime) WithoutTimezone() DateTime {
	d.HasTZ, d.TZMin, d.TZ = false, 0, ""
	return d
}

// DateString writes the date part: at least four year digits, a minus
// sign for years before 1 CE, two-digit month and day ("2010-06-21",
// "-0044-03-15").
func (d DateTime) DateString() string {
	y := d.Year
	if y < 0 {
		y = -y
	}
	ys := strconv.FormatInt(y, 10)
	if len(ys) < 4 {
		ys = strings.Repeat("0", 4-len(ys)) + ys
	}
	if d.Year < 0 {
		ys = "-" + ys
	}
	return ys + "-" + two(d.Month) + "-" + two(d.Day)
}

// ClockString writes the time of day: hh:mm:ss and the fractional second
// as written, without trailing zeros ("11:28:01", "23:59:59.5").
func (d DateTime) ClockString() string {
	s := two(d.Hour) + ":" + two(d.Minute) + ":" + two(d.Second)
	if d.Frac != "" {
		s += "." + d.Frac
	}
	return s
}

func two(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
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

// CompareDateTimes compares two values of the same kind by the XML Schema
// partial order: a value without timezone is compared with one with a
// timezone by giving it every timezone from -14:00 to +14:00; ok is false
// when the result depends on that choice (indeterminate).
func CompareDateTimes(a, b DateTime) (c int, ok bool) {
	if a.HasTZ == b.HasTZ {
		return CompareInstants(a, b), true
	}
	if !a.HasTZ {
		c, ok := CompareDateTimes(b, a)
		return -c, ok
	}
	const span = 14 * 3600
	ia, na := a.Instant()
	ib, nb := b.Instant()
	if cmpInstant(ia, na, ib-span, nb) < 0 {
		return -1, true
	}
	if cmpInstant(ia, na, ib+span, nb) > 0 {
		return 1, true
	}
	return 0, false
}

// CompareInstants is a total order on date/time values by [DateTime.Instant]:
// a value without timezone is taken as UTC. It is the order of ORDER BY
// and of answer ranking.
func CompareInstants(a, b DateTime) int {
	ia, na := a.Instant()
	ib, nb := b.Instant()
	return cmpInstant(ia, na, ib, nb)
}
