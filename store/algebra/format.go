package algebra

import (
	"fmt"
	"strings"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// Format returns op as indented text: one operator per line, its detail
// lines (a BGP's triple patterns, a Table's rows, a CONSTRUCT template)
// and then its operands indented two spaces below it. Expressions and
// terms are printed with sparql.PrintCompact. For example:
//
//	Slice (limit 10)
//	  Project (?name)
//	    Filter (?age > 30)
//	      BGP (2 triple patterns)
//	        ?p ex:name ?name
//	        ?p ex:age ?age
func Format(op Op) string { return Printer{}.Format(op) }

// Printer formats an algebra tree, optionally annotated.
type Printer struct {
	// Annotate, when non-nil, is called for each operator with the line
	// Format writes for it and its detail lines, and returns the lines to
	// write instead (the operands are written below them as usual).
	Annotate func(op Op, head string, detail []string) (string, []string)
}

// Format returns op formatted as [Format] does, with p's annotations.
func (p Printer) Format(op Op) string {
	var b strings.Builder
	p.write(&b, op, 0)
	return b.String()
}

func (p Printer) write(b *strings.Builder, op Op, depth int) {
	indent := strings.Repeat("  ", depth)
	if isNil(op) {
		b.WriteString(indent + "<nil>\n")
		return
	}
	head, detail := Line(op)
	if p.Annotate != nil {
		head, detail = p.Annotate(op, head, detail)
	}
	b.WriteString(indent + head + "\n")
	for _, d := range detail {
		b.WriteString(indent + "  " + d + "\n")
	}
	for _, c := range op.Operands() {
		p.write(b, c, depth+1)
	}
}

// Line returns the line [Format] writes for op and its detail lines.
func Line(op Op) (head string, detail []string) {
	if isNil(op) {
		return "<nil>", nil
	}
	switch o := op.(type) {
	case *BGP:
		for _, t := range o.Triples {
			detail = append(detail, TripleText(t))
		}
		return "BGP (" + plural(len(o.Triples), "triple pattern") + ")", detail
	case *Join:
		return "Join", nil
	case *LeftJoin:
		if len(o.Expr) == 0 {
			return "LeftJoin", nil
		}
		return "LeftJoin (" + Conjunction(o.Expr) + ")", nil
	case *Filter:
		return "Filter (" + Conjunction(o.Expr) + ")", nil
	case *Union:
		return "Union", nil
	case *Minus:
		return "Minus", nil
	case *Graph:
		return "Graph (" + sparql.PrintCompact(o.Name) + ")", nil
	case *Extend:
		return "Extend (" + sparql.PrintCompact(o.Var) + " := " + sparql.PrintCompact(o.Expr) + ")", nil
	case *Table:
		if IsUnit(o) {
			return "Table (unit: one empty solution)", nil
		}
		vars := "no variables"
		if len(o.Vars) > 0 {
			var vs []string
			for _, v := range o.Vars {
				vs = append(vs, sparql.PrintCompact(v))
			}
			vars = strings.Join(vs, " ")
		}
		for _, r := range o.Rows {
			var cells []string
			for _, c := range r {
				if c == nil {
					cells = append(cells, "UNDEF")
				} else {
					cells = append(cells, sparql.PrintCompact(c))
				}
			}
			detail = append(detail, "("+strings.Join(cells, " ")+")")
		}
		return "Table (" + vars + "; " + plural(len(o.Rows), "row") + ")", detail
	case *Service:
		s := "Service"
		if o.Silent {
			s += " SILENT"
		}
		return s + " (" + sparql.PrintCompact(o.Endpoint) + ")", nil
	case *ToMultiSet:
		return "ToMultiSet (sub-select)", nil
	case *Group:
		var keys []string
		for _, k := range o.Keys {
			s := sparql.PrintCompact(k.Expr)
			if k.Var != nil {
				s += " AS " + sparql.PrintCompact(k.Var)
			}
			keys = append(keys, s)
		}
		s := "Group (" + strings.Join(keys, ", ") + ")"
		if len(keys) == 0 {
			s = "Group (one group)"
		}
		if len(o.Aggregates) > 0 {
			var aggs []string
			for _, a := range o.Aggregates {
				aggs = append(aggs, sparql.PrintCompact(a.Var)+" := "+sparql.PrintCompact(a.Aggregate))
			}
			s += " Aggregation (" + strings.Join(aggs, ", ") + ")"
		}
		return s, nil
	case *OrderBy:
		var keys []string
		for _, c := range o.Conds {
			k := sparql.PrintCompact(c.Expr)
			if c.Desc {
				k = "DESC(" + k + ")"
			}
			keys = append(keys, k)
		}
		return "OrderBy (" + strings.Join(keys, ", ") + ")", nil
	case *Project:
		var vs []string
		for _, v := range o.Vars {
			vs = append(vs, sparql.PrintCompact(v))
		}
		return "Project (" + strings.Join(vs, " ") + ")", nil
	case *Distinct:
		return "Distinct", nil
	case *Reduced:
		return "Reduced", nil
	case *Slice:
		return "Slice (" + SliceText(o) + ")", nil
	case *Ask:
		return "Ask", nil
	case *Construct:
		for _, t := range o.Template {
			detail = append(detail, "template: "+TripleText(t))
		}
		return "Construct (" + plural(len(o.Template), "template triple") + ")", detail
	case *Describe:
		if o.Star {
			return "Describe (*)", nil
		}
		var ts []string
		for _, t := range o.Terms {
			ts = append(ts, sparql.PrintCompact(t))
		}
		return "Describe (" + strings.Join(ts, " ") + ")", nil
	case *Exists:
		if o.Not {
			return "NotExists (pattern of a NOT EXISTS above)", nil
		}
		return "Exists (pattern of an EXISTS above)", nil
	}
	return fmt.Sprintf("%T", op), nil
}

// SliceText is "offset N, limit M" for the parts s has.
func SliceText(s *Slice) string {
	var parts []string
	if s.Offset != nil {
		parts = append(parts, fmt.Sprintf("offset %d", *s.Offset))
	}
	if s.Limit != nil {
		parts = append(parts, fmt.Sprintf("limit %d", *s.Limit))
	}
	return strings.Join(parts, ", ")
}

// TripleText prints a triple pattern on one line, "s p o".
func TripleText(t sparql.Triple) string {
	return sparql.PrintCompact(t.Subject) + " " + sparql.PrintCompact(t.Predicate) + " " + sparql.PrintCompact(t.Object)
}

// Conjunction prints expressions joined by "&&", parenthesising those
// whose top operator binds less tightly.
func Conjunction(xs []sparql.Expr) string {
	var parts []string
	for _, x := range xs {
		s := sparql.PrintCompact(x)
		if b, ok := x.(*sparql.BinaryExpr); ok && len(xs) > 1 && b.Op == sparql.OpOr {
			s = "(" + s + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " && ")
}

// plural is "1 thing" or "n things".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
