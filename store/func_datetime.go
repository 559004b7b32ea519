package store

// Date and time functions (SPARQL 1.1 §17.4.5): YEAR, MONTH, DAY, HOURS,
// MINUTES, SECONDS, TIMEZONE and TZ; NOW is answered by the exprEnv.
//
// The functions are defined on xsd:dateTime. As an extension, YEAR, MONTH
// and DAY also take an xsd:date, HOURS, MINUTES and SECONDS an xsd:time,
// and TIMEZONE and TZ all three. They return the fields as written (local
// time), with 24:00:00 read as 00:00:00 of the next day.

import (
	"strconv"

	"github.com/schemaforge/go-schemaforge/rdfvalue"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// dtArg checks for one date/time argument of an accepted kind.
func dtArg(args []sparql.Term, kinds ...rdfvalue.TemporalKind) (rdfvalue.DateTime, error) {
	if err := arity(args, 1, 1); err != nil {
		return rdfvalue.DateTime{}, err
	}
	l, ok := args[0].(*sparql.Literal)
	if !ok || l == nil {
		return rdfvalue.DateTime{}, errTypeMismatch
	}
	v, ok := rdfvalue.DateTimeValue(l)
	if !ok {
		return rdfvalue.DateTime{}, errTypeMismatch
	}
	for _, k := range kinds {
		if v.Kind == k {
			return v, nil
		}
	}
	return rdfvalue.DateTime{}, errTypeMismatch
}

// fnDateField is YEAR, MONTH, DAY, HOURS, MINUTES (xsd:integer) and
// SECONDS (xsd:decimal).
func fnDateField(name string, args []sparql.Term) (sparql.Term, error) {
	switch name {
	case "YEAR", "MONTH", "DAY":
		v, err := dtArg(args, rdfvalue.KindDateTime, rdfvalue.KindDate)
		if err != nil {
			return nil, err
		}
		switch name {
		case "YEAR":
			return rdfvalue.NewInteger(v.Year).Literal(), nil
		case "MONTH":
			return rdfvalue.NewInteger(int64(v.Month)).Literal(), nil
		}
		return rdfvalue.NewInteger(int64(v.Day)).Literal(), nil
	}
	v, err := dtArg(args, rdfvalue.KindDateTime, rdfvalue.KindTime)
	if err != nil {
		return nil, err
	}
	switch name {
	case "HOURS":
		return rdfvalue.NewInteger(int64(v.Hour)).Literal(), nil
	case "MINUTES":
		return rdfvalue.NewInteger(int64(v.Minute)).Literal(), nil
	}
	s := strconv.Itoa(v.Second)
	if v.Frac != "" {
		s += "." + v.Frac
	}
	n, ok := rdfvalue.ParseLexical(s, rdfvalue.Decimal)
	if !ok {
		return nil, errTypeMismatch
	}
	return n.Literal(), nil
}

// fnTimezone is TIMEZONE: the timezone as an xsd:dayTimeDuration ("PT0S",
// "-PT8H", "PT5H30M"); a value without timezone is an error.
func fnTimezone(args []sparql.Term) (sparql.Term, error) {
	v, err := dtArg(args, rdfvalue.KindDateTime, rdfvalue.KindDate, rdfvalue.KindTime)
	if err != nil {
		return nil, err
	}
	if !v.HasTZ {
		return nil, exprError("TIMEZONE: the value has no timezone")
	}
	return &sparql.Literal{Lexical: tzDuration(v.TZMin), Datatype: dtDayTimeDuration}, nil
}

// tzDuration formats a timezone offset in minutes as a dayTimeDuration.
func tzDuration(min int) string {
	if min == 0 {
		return "PT0S"
	}
	s := "PT"
	if min < 0 {
		s = "-PT"
		min = -min
	}
	if h := min / 60; h > 0 {
		s += strconv.Itoa(h) + "H"
	}
	if m := min % 60; m > 0 {
		s += strconv.Itoa(m) + "M"
	}
	return s
}

// fnTZ is TZ: the timezone as written ("Z", "-08:00"), "" when there is
// none.
func fnTZ(args []sparql.Term) (sparql.Term, error) {
	v, err := dtArg(args, rdfvalue.KindDateTime, rdfvalue.KindDate, rdfvalue.KindTime)
	if err != nil {
		return nil, err
	}
	return sparql.NewLiteral(v.TZ), nil
}
