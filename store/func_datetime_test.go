package store

import (
	"testing"
	"time"
)

func TestDateTimeFunctions(t *testing.T) {
	runExprTable(t, []exprCase{
		{"YEAR(?dt)", `"2010"^^xsd:integer`},
		{"MONTH(?dt)", `"6"^^xsd:integer`},
		{"DAY(?dt)", `"21"^^xsd:integer`},
		{"HOURS(?dt)", `"11"^^xsd:integer`},
		{"MINUTES(?dt)", `"28"^^xsd:integer`},
		{"SECONDS(?dt)", `"1.0"^^xsd:decimal`},
		{`SECONDS("2011-01-10T14:45:13.815-05:00"^^xsd:dateTime)`, `"13.815"^^xsd:decimal`},
		{`SECONDS("2011-01-10T14:45:13.500Z"^^xsd:dateTime)`, `"13.5"^^xsd:decimal`},
		{`HOURS("2010-12-21T15:38:02-08:00"^^xsd:dateTime)`, `"15"^^xsd:integer`},
		{`YEAR("-0044-03-15T12:00:00"^^xsd:dateTime)`, `"-44"^^xsd:integer`},
		{`YEAR("12345-01-01T00:00:00"^^xsd:dateTime)`, `"12345"^^xsd:integer`},
		{`DAY("2010-12-31T24:00:00"^^xsd:dateTime)`, `"1"^^xsd:integer`},
		{`YEAR("2010-12-31T24:00:00"^^xsd:dateTime)`, `"2011"^^xsd:integer`},
		{`HOURS("2010-12-31T24:00:00"^^xsd:dateTime)`, `"0"^^xsd:integer`},
		{`MONTH("2010-02-28"^^xsd:date)`, `"2"^^xsd:integer`},
		{`MINUTES("10:42:00"^^xsd:time)`, `"42"^^xsd:integer`},
		{`HOURS("2010-02-28"^^xsd:date)`, E},
		{`YEAR("10:42:00"^^xsd:time)`, E},
		{`YEAR("2010-06-21T11:28:01Z")`, E},
		{`YEAR("2010-13-21T11:28:01Z"^^xsd:dateTime)`, E},
		{`YEAR("2010-02-29T11:28:01Z"^^xsd:dateTime)`, E},
		{`YEAR("2012-02-29T11:28:01Z"^^xsd:dateTime)`, `"2012"^^xsd:integer`},
		{`YEAR("2010-06-21T11:28:61Z"^^xsd:dateTime)`, E},
		{`YEAR("2010-06-21T11:28:01+15:00"^^xsd:dateTime)`, E},
		{`YEAR("0100-06-21T11:28:01"^^xsd:dateTime)`, `"100"^^xsd:integer`},
		{`YEAR("02010-06-21T11:28:01"^^xsd:dateTime)`, E},
		{`YEAR("2010-06-21T11:28:01."^^xsd:dateTime)`, E},
		{`YEAR(2010)`, E},

		{"TIMEZONE(?dt)", `"PT0S"^^xsd:dayTimeDuration`},
		{`TIMEZONE("2010-12-21T15:38:02-08:00"^^xsd:dateTime)`, `"-PT8H"^^xsd:dayTimeDuration`},
		{`TIMEZONE("2010-12-21T15:38:02+05:30"^^xsd:dateTime)`, `"PT5H30M"^^xsd:dayTimeDuration`},
		{`TIMEZONE("2010-12-21T15:38:02-00:45"^^xsd:dateTime)`, `"-PT45M"^^xsd:dayTimeDuration`},
		{`TIMEZONE("2011-02-01T01:02:03"^^xsd:dateTime)`, E},
		{`TIMEZONE("2011-02-01"^^xsd:date)`, E},
		{"TZ(?dt)", `"Z"`},
		{`TZ("2010-12-21T15:38:02-08:00"^^xsd:dateTime)`, `"-08:00"`},
		{`TZ("2011-02-01T01:02:03"^^xsd:dateTime)`, `""`},
		{`TZ("x")`, E},

		{"NOW()", `"2024-05-01T12:00:00Z"^^xsd:dateTime`},
		{"DATATYPE(NOW()) = xsd:dateTime", T},
		{"YEAR(NOW())", `"2024"^^xsd:integer`},
	})
}

func TestNowIsConstantPerQuery(t *testing.T) {
	now := time.Date(2024, 2, 29, 23, 59, 58, 123000000, time.FixedZone("", -5*3600))
	ev := newExprEnv(now, "")
	a := evalShow(t, ev, "NOW()", &testBinder{})
	time.Sleep(2 * time.Millisecond)
	b := evalShow(t, ev, "NOW()", &testBinder{})
	if want := `"2024-02-29T23:59:58.123-05:00"^^xsd:dateTime`; a != want || b != want {
		t.Errorf("NOW() = %s then %s, want %s twice", a, b, want)
	}
}
