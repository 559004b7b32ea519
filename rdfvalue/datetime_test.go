package rdfvalue

import (
	"testing"

	"github.com/schemaforge/go-schemaforge/sparql"
)

func TestParseDateTime(t *testing.T) {
	tests := []struct {
		s    string
		kind TemporalKind
		ok   bool
	}{
		{"2010-06-21T11:28:01Z", KindDateTime, true},
		{"2010-06-21T11:28:01.123456789123+14:00", KindDateTime, true},
		{"2010-06-21T11:28:01-14:00", KindDateTime, true},
		{"2010-06-21T11:28:01+14:01", KindDateTime, false},
		{"2010-06-21T11:28:01+15:00", KindDateTime, false},
		{"2010-06-21T11:28:01+1:00", KindDateTime, false},
		{"2010-06-21T11:28:01+0100", KindDateTime, false},
		{"2010-06-21T11:28:01Z ", KindDateTime, true},
		{"2010-06-21T11:28:01z", KindDateTime, false},
		{"2010-06-21t11:28:01Z", KindDateTime, false},
		{"2010-06-21T11:28", KindDateTime, false},
		{"2010-06-21T1:28:01", KindDateTime, false},
		{"2010-06-21T11:28:01,5Z", KindDateTime, false},
		{"2010-06-21T11:28:01.Z", KindDateTime, false},
		{"2010-06-21", KindDateTime, false},
		{"2010-6-21T11:28:01", KindDateTime, false},
		{"-2010-06-21T11:28:01", KindDateTime, true},
		{"10000-06-21T11:28:01", KindDateTime, true},
		{"010000-06-21T11:28:01", KindDateTime, false},
		{"2010-06-21T24:00:00", KindDateTime, true},
		{"2010-06-21T24:00:01", KindDateTime, false},
		{"2010-06-21T24:00:00.0", KindDateTime, true}, // XSD 1.1: 24:00:00(\.0+)?,
		{"2010-06-21T23:60:00", KindDateTime, false},
		{"2010-06-21T23:59:60", KindDateTime, false},
		{"2000-02-29T00:00:00", KindDateTime, true},
		{"1900-02-29T00:00:00", KindDateTime, false},
		{"2010-06-21Z", KindDate, true},
		{"2010-06-21+02:00", KindDate, true},
		{"2010-06-31", KindDate, false},
		{"2010-00-10", KindDate, false},
		{"2010-06-21T00:00:00", KindDate, false},
		{"23:59:59.5", KindTime, true},
		{"24:00:00", KindTime, true},
		{"9999999999-01-01T00:00:00", KindDateTime, false},
		{"2010-06-21", TemporalKind(9), false},
	}
	for _, tt := range tests {
		if _, ok := ParseDateTime(tt.s, tt.kind); ok != tt.ok {
			t.Errorf("ParseDateTime(%q, %d) ok = %v, want %v", tt.s, tt.kind, ok, tt.ok)
		}
	}
}

func TestDateTimeFields(t *testing.T) {
	tests := []struct {
		lex, dt           string
		date, clock, tz   string
		utcDate, utcClock string
		instant           int64
		nanos             int
	}{
		{"2010-06-21T11:28:01.5000Z", XSDDateTime, "2010-06-21", "11:28:01.5", "Z", "2010-06-21", "11:28:01.5", 1277119681, 500_000_000},
		{"2020-01-05T01:00:00+02:00", XSDDateTime, "2020-01-05", "01:00:00", "+02:00", "2020-01-04", "23:00:00", 1578178800, 0},
		{"2020-01-05T01:00:00", XSDDateTime, "2020-01-05", "01:00:00", "", "2020-01-05", "01:00:00", 1578186000, 0},
		{"2010-12-31T24:00:00-05:00", XSDDateTime, "2011-01-01", "00:00:00", "-05:00", "2011-01-01", "05:00:00", 1293858000, 0},
		{"-0044-03-15T12:00:00Z", XSDDateTime, "-0044-03-15", "12:00:00", "Z", "-0044-03-15", "12:00:00", -63549316800, 0},
		{"0001-01-01T00:30:00+01:00", XSDDateTime, "0001-01-01", "00:30:00", "+01:00", "0000-12-31", "23:30:00", -62135598600, 0},
		{"2020-01-05+02:00", XSDDate, "2020-01-05", "00:00:00", "+02:00", "2020-01-04", "22:00:00", 1578175200, 0},
		{"10:00:00.123456789999-14:00", XSDTime, "1972-12-31", "10:00:00.123456789999", "-14:00", "1973-01-01", "00:00:00.123456789999", 94694400, 123456789},
	}
	for _, tt := range tests {
		d, ok := DateTimeValue(sparql.NewTypedLiteral(tt.lex, tt.dt))
		if !ok {
			t.Errorf("%s is ill-typed", tt.lex)
			continue
		}
		u := d.UTC()
		s, n := d.Instant()
		if d.DateString() != tt.date || d.ClockString() != tt.clock || d.TZ != tt.tz ||
			u.DateString() != tt.utcDate || u.ClockString() != tt.utcClock || s != tt.instant || n != tt.nanos {
			t.Errorf("%s: %s %s %q, UTC %s %s, instant %d.%09d; want %s %s %q, UTC %s %s, instant %d.%09d", tt.lex,
				d.DateString(), d.ClockString(), d.TZ, u.DateString(), u.ClockString(), s, n,
				tt.date, tt.clock, tt.tz, tt.utcDate, tt.utcClock, tt.instant, tt.nanos)
		}
		if us, un := u.Instant(); us != s || un != n {
			t.Errorf("%s: UTC moves the instant", tt.lex)
		}
		if w := d.WithoutTimezone(); w.HasTZ || w.DateString() != d.DateString() || w.ClockString() != d.ClockString() {
			t.Errorf("%s: WithoutTimezone = %+v", tt.lex, w)
		}
	}
	for _, lex := range []string{"x", "2020-01-05"} {
		if _, ok := DateTimeValue(sparql.NewTypedLiteral(lex, XSDDateTime)); ok {
			t.Errorf("DateTimeValue(%q^^xsd:dateTime) holds", lex)
		}
	}
	if _, ok := DateTimeValue(sparql.NewLiteral("2020-01-05")); ok {
		t.Error("DateTimeValue of a simple literal holds")
	}
}

func TestCompareDateTimes(t *testing.T) {
	tests := []struct {
		a, b    string
		partial string // CompareDateTimes: -1, 0, 1 or "indeterminate"
		total   int    // CompareInstants
	}{
		{"2020-01-05T10:00:00Z", "2020-01-05T12:00:00+02:00", "0", 0},
		{"2020-01-05T10:00:00Z", "2020-01-05T10:00:00.000000001Z", "-1", -1},
		{"2020-01-05T10:00:00", "2020-01-05T10:00:00", "0", 0},
		{"2020-01-05T10:00:00", "2020-01-05T10:00:00Z", "indeterminate", 0},
		{"2020-01-05T10:00:00", "2020-01-06T00:00:01Z", "-1", -1},
		{"2020-01-05T10:00:00", "2020-01-06T00:00:00Z", "indeterminate", -1},
		{"2020-01-06T00:00:01Z", "2020-01-05T10:00:00", "1", 1},
		{"2020-01-05T10:00:00Z", "2020-01-04T19:59:59", "1", 1},
	}
	show := func(c int, ok bool) string {
		if !ok {
			return "indeterminate"
		}
		return map[int]string{-1: "-1", 0: "0", 1: "1"}[c]
	}
	for _, tt := range tests {
		a, _ := ParseDateTime(tt.a, KindDateTime)
		b, _ := ParseDateTime(tt.b, KindDateTime)
		if got := show(CompareDateTimes(a, b)); got != tt.partial {
			t.Errorf("CompareDateTimes(%s, %s) = %s, want %s", tt.a, tt.b, got, tt.partial)
		}
		if got := CompareInstants(a, b); got != tt.total {
			t.Errorf("CompareInstants(%s, %s) = %d, want %d", tt.a, tt.b, got, tt.total)
		}
	}
}

func TestTemporalKindOf(t *testing.T) {
	for dt, want := range map[string]TemporalKind{XSDDateTime: KindDateTime, XSDDate: KindDate, XSDTime: KindTime} {
		if k, ok := TemporalKindOf(dt); !ok || k != want {
			t.Errorf("TemporalKindOf(%s) = %d, %t", dt, k, ok)
		}
	}
	if _, ok := TemporalKindOf(XSDDateTimeStamp); ok {
		t.Error("TemporalKindOf(xsd:dateTimeStamp) holds")
	}
}

func TestCivilDays(t *testing.T) {
	for _, tt := range []struct {
		y    int64
		m, d int
		days int64
	}{
		{1970, 1, 1, 0},
		{2000, 3, 1, 11017},
		{1969, 12, 31, -1},
		{0, 1, 1, -719528},
		{-1, 12, 31, -719529},
	} {
		if got := daysFromCivil(tt.y, tt.m, tt.d); got != tt.days {
			t.Errorf("daysFromCivil(%d-%d-%d) = %d, want %d", tt.y, tt.m, tt.d, got, tt.days)
		}
	}
	for z := int64(-1_000_000); z <= 1_000_000; z += 997 {
		y, m, d := civilFromDays(z)
		if back := daysFromCivil(y, m, d); back != z || m < 1 || m > 12 || d < 1 || d > daysIn(y, m) {
			t.Fatalf("day %d → %d-%d-%d → %d", z, y, m, d, back)
		}
	}
}
