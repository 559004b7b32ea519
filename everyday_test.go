package schemaforge

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// askOver asks question, through the whole pipeline, over one graph of
// the Turtle data (Direct-Mapping style, as Spider4SPARQL's graphs are)
// and returns the answer's rows, each as its literals joined by spaces,
// sorted, and its query.
func askOver(t *testing.T, id, ttl, question string) ([]string, string) {
	t.Helper()
	p, err := New(turtleCollection(t, id, ttl))
	if err != nil {
		t.Fatal(err)
	}
	ans, err := p.Ask(context.Background(), question)
	if err != nil {
		t.Fatal(err)
	}
	query := ""
	if len(ans.Provenance) > 0 {
		query = ans.Provenance[0].Query
	}
	if ans.Results == nil {
		return nil, query
	}
	var rows []string
	for _, r := range ans.Results.Rows {
		var cells []string
		for _, v := range ans.Results.Vars {
			if l, ok := r[v].(*sparql.Literal); ok {
				cells = append(cells, l.Lexical)
			}
		}
		rows = append(rows, strings.Join(cells, " "))
	}
	slices.Sort(rows)
	return rows, query
}

// turtleCollection loads the Turtle data as the one graph id of a
// collection, summarised.
func turtleCollection(t *testing.T, id, ttl string) *kg.Collection {
	t.Helper()
	file := filepath.Join(t.TempDir(), id+".ttl")
	if err := os.WriteFile(file, []byte(ttl), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	coll, err := kg.LoadFiles(ctx, kg.LoadOptions{}, kg.FileGraph{ID: id, Files: []string{file}})
	if err != nil {
		t.Fatal(err)
	}
	if err := coll.Summarize(ctx, kg.SummarizeOptions{}); err != nil {
		t.Fatal(err)
	}
	return coll
}

// TestEverydayPhrasing asks questions in the words people use over small
// graphs shaped as Spider4SPARQL's are, each answered by what the words
// imply rather than name.
func TestEverydayPhrasing(t *testing.T) {
	const songs = `@prefix v: <http://x/volume#> .
<http://x/v1> a <http://x/volume> ; v:volume_id 1 ; v:song "Always" ; v:weeks_on_top 1.0 .
<http://x/v2> a <http://x/volume> ; v:volume_id 2 ; v:song "La Isla Bonita" ; v:weeks_on_top 3.0 .
<http://x/v3> a <http://x/volume> ; v:volume_id 3 ; v:song "Head to Toe" ; v:weeks_on_top 2.0 .
`
	const school = `@prefix s: <http://x/staff#> . @prefix l: <http://x/lessons#> .
<http://x/s1> a <http://x/staff> ; s:staff_id 1 ; s:first_name "Janessa" ; s:last_name "Sawayn" .
<http://x/s2> a <http://x/staff> ; s:staff_id 2 ; s:first_name "Camylle" ; s:last_name "Weissnat" .
<http://x/l1> a <http://x/lessons> ; l:lesson_id 1 ; l:staff_id 1 ; l:ref-staff_id <http://x/s1> .
<http://x/l2> a <http://x/lessons> ; l:lesson_id 2 ; l:staff_id 2 ; l:ref-staff_id <http://x/s2> .
<http://x/l3> a <http://x/lessons> ; l:lesson_id 3 ; l:staff_id 2 ; l:ref-staff_id <http://x/s2> .
`
	const makers = `@prefix m: <http://x/manufacturers#> . @prefix p: <http://x/products#> .
<http://x/m1> a <http://x/manufacturers> ; m:code 1 ; m:name "Sony" ; m:headquarter "Tokyo" .
<http://x/m2> a <http://x/manufacturers> ; m:code 2 ; m:name "Hewlett-Packard" ; m:headquarter "Los Angeles" .
<http://x/p1> a <http://x/products> ; p:code 1 ; p:name "Monitor" ; p:price 240 ; p:manufacturer 1 ; p:ref-manufacturer <http://x/m1> .
<http://x/p2> a <http://x/products> ; p:code 2 ; p:name "Printer" ; p:price 270 ; p:manufacturer 2 ; p:ref-manufacturer <http://x/m2> .
<http://x/p3> a <http://x/products> ; p:code 3 ; p:name "Toner cartridge" ; p:price 66 ; p:manufacturer 2 ; p:ref-manufacturer <http://x/m2> .
`
	const campuses = `@prefix c: <http://x/campuses#> .
<http://x/c1> a <http://x/campuses> ; c:id 1 ; c:campus "Sonoma State University" ; c:location "Rohnert Park" ; c:county "Sonoma" ; c:year 1960 .
<http://x/c2> a <http://x/campuses> ; c:id 2 ; c:campus "San Jose State University" ; c:location "San Jose" ; c:county "Santa Clara" ; c:year 1857 .
`
	const banks = `@prefix b: <http://x/bank#> . @prefix c: <http://x/customer#> .
<http://x/b1> a <http://x/bank> ; b:branch_id 1 ; b:bname "morningside" ; b:no_of_customers 203 .
<http://x/b2> a <http://x/bank> ; b:branch_id 2 ; b:bname "downtown" ; b:no_of_customers 123 .
<http://x/c1> a <http://x/customer> ; c:cust_id 1 ; c:cust_name "Mary" ; c:branch_id 2 ; c:ref-branch_id <http://x/b2> .
<http://x/c2> a <http://x/customer> ; c:cust_id 2 ; c:cust_name "Jack" ; c:branch_id 2 ; c:ref-branch_id <http://x/b2> .
<http://x/c3> a <http://x/customer> ; c:cust_id 3 ; c:cust_name "Owen" ; c:branch_id 1 ; c:ref-branch_id <http://x/b1> .
`
	const catalogs = `@prefix c: <http://x/catalogs#> .
<http://x/k1> a <http://x/catalogs> ; c:catalog_id 1 ; c:catalog_name "Breakfast Tea" ; c:date_of_publication "2013-03-15" ; c:date_of_latest_revision "2017-09-26" .
<http://x/k2> a <http://x/catalogs> ; c:catalog_id 2 ; c:catalog_name "Coffee Bean" ; c:date_of_publication "2012-04-13" ; c:date_of_latest_revision "2017-10-26" .
`
	const invoices = `@prefix c: <http://x/customer#> . @prefix i: <http://x/invoice#> .
<http://x/c1> a <http://x/customer> ; c:customerid 1 ; c:firstname "Helena" ; c:lastname "Holy" .
<http://x/c2> a <http://x/customer> ; c:customerid 2 ; c:firstname "Helena" ; c:lastname "Brown" .
<http://x/c3> a <http://x/customer> ; c:customerid 3 ; c:firstname "Richard" ; c:lastname "Cunningham" .
<http://x/i1> a <http://x/invoice> ; i:invoiceid 1 ; i:customerid 1 ; i:ref-customerid <http://x/c1> ; i:total 20.0 .
<http://x/i2> a <http://x/invoice> ; i:invoiceid 2 ; i:customerid 2 ; i:ref-customerid <http://x/c2> ; i:total 15.0 .
<http://x/i3> a <http://x/invoice> ; i:invoiceid 3 ; i:customerid 3 ; i:ref-customerid <http://x/c3> ; i:total 25.0 .
<http://x/i4> a <http://x/invoice> ; i:invoiceid 4 ; i:customerid 3 ; i:ref-customerid <http://x/c3> ; i:total 5.0 .
`
	const hospital = `@prefix p: <http://x/physician#> . @prefix d: <http://x/department#> .
<http://x/p1> a <http://x/physician> ; p:employeeid 1 ; p:name "John Dorian" ; p:position "Staff Internist" .
<http://x/p2> a <http://x/physician> ; p:employeeid 2 ; p:name "Molly Clock" ; p:position "Attending Psychiatrist" .
<http://x/d1> a <http://x/department> ; d:departmentid 1 ; d:name "General Medicine" ; d:head 1 ; d:ref-head <http://x/p1> .
<http://x/d2> a <http://x/department> ; d:departmentid 2 ; d:name "Psychiatry" ; d:head 2 ; d:ref-head <http://x/p2> .
`
	const drinks = `@prefix c: <http://x/catalog_contents#> .
<http://x/e1> a <http://x/catalog_contents> ; c:catalog_entry_id 1 ; c:catalog_entry_name "Ginger Beer" ; c:price_in_dollars 616.22 ; c:price_in_euros 518.29 .
<http://x/e2> a <http://x/catalog_contents> ; c:catalog_entry_id 2 ; c:catalog_entry_name "Root Beer" ; c:price_in_dollars 687.59 ; c:price_in_euros 590.11 .
`
	const enrolments = `@prefix s: <http://x/students#> . @prefix c: <http://x/courses#> . @prefix e: <http://x/enrolment#> .
<http://x/s1> a <http://x/students> ; s:student_id 1 ; s:personal_name "Wilson" .
<http://x/s2> a <http://x/students> ; s:student_id 2 ; s:personal_name "Karson" .
<http://x/s3> a <http://x/students> ; s:student_id 3 ; s:personal_name "Marry" .
<http://x/c1> a <http://x/courses> ; c:course_id 1 ; c:course_name "database" .
<http://x/c2> a <http://x/courses> ; c:course_id 2 ; c:course_name "French" .
<http://x/e1> a <http://x/enrolment> ; e:registration_id 1 ; e:student_id 1 ; e:ref-student_id <http://x/s1> ; e:course_id 1 ; e:ref-course_id <http://x/c1> .
<http://x/e2> a <http://x/enrolment> ; e:registration_id 2 ; e:student_id 1 ; e:ref-student_id <http://x/s1> ; e:course_id 2 ; e:ref-course_id <http://x/c2> .
<http://x/e3> a <http://x/enrolment> ; e:registration_id 3 ; e:student_id 2 ; e:ref-student_id <http://x/s2> ; e:course_id 1 ; e:ref-course_id <http://x/c1> .
<http://x/e4> a <http://x/enrolment> ; e:registration_id 4 ; e:student_id 2 ; e:ref-student_id <http://x/s2> ; e:course_id 2 ; e:ref-course_id <http://x/c2> .
<http://x/e5> a <http://x/enrolment> ; e:registration_id 5 ; e:student_id 3 ; e:ref-student_id <http://x/s3> ; e:course_id 2 ; e:ref-course_id <http://x/c2> .
`
	for _, c := range []struct {
		graph, data, question string
		want                  []string
	}{
		// "How many students … more than one course?": the students the
		// bound keeps, counted (2), not a count per student (2, 2), nor
		// per enrolment, which refers to one course each.
		{"learning", enrolments, "How many students have enrolled in more than one course?", []string{"2"}},
		// "longest" of a verb no column is named for: how long it
		// lasted, not the volume's number.
		{"music", songs, "Which song stayed on top the longest?", []string{"La Isla Bonita"}},
		// "staff member": a row of the staff.
		{"school", school, "Which staff member taught the most lessons?", []string{"Camylle Weissnat 2"}},
		// "Who manufactures X?": the maker the product's key refers to.
		{"shop", makers, "Who manufactures the Printer?", []string{"Hewlett-Packard"}},
		// "makes" says no column: the reference named for the maker.
		{"shop", makers, "Which company makes the printer?", []string{"Hewlett-Packard"}},
		// "than the monitor": a thing the graph names, though in small
		// letters; its own price is the bound.
		{"shop", makers, "Which products cost more than the monitor?", []string{"Printer"}},
		// "the most customers" of banks that count their own
		// (no_of_customers), not the few customer rows joined to them.
		{"loans", banks, "Which bank has the most customers?", []string{"morningside"}},
		// "published": the date of its publication, not of a revision.
		{"catalog", catalogs, "When was the Breakfast Tea catalog published?", []string{"2013-03-15"}},
		// "spent the most": each customer's total over the invoices
		// that refer to them, shown and counted by both names (the two
		// Helenas together would outspend him).
		{"store", invoices, "Which customer spent the most?", []string{"Richard Cunningham"}},
		// "job": the position, where no column says job.
		{"hospital", hospital, "What's Molly Clock's job?", []string{"Attending Psychiatrist"}},
		// "runs": the department's head, by the reference named so.
		{"hospital", hospital, "Who runs the psychiatry department?", []string{"Molly Clock"}},
		// "Sonoma State": the start of the one campus named so.
		{"csu", campuses, "Which campuses are older than Sonoma State?", []string{"San Jose State University"}},
		// "in euros": of the prices, the one the question says.
		{"catalog", drinks, "How much is Ginger Beer in euros?", []string{"518.29"}},
		// "Which town is X in?": where it is, a town's column.
		{"csu", campuses, "Which town is Sonoma State University in?", []string{"Rohnert Park"}},
	} {
		got, query := askOver(t, c.graph, c.data, c.question)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s\ngot %q, want %q\n%s", c.question, got, c.want, query)
		}
	}
}

// TestNoRankedSingleRow: "What is Gorgoroth's most famous title?" over
// artists with a famous_title column may be read as a count of titles;
// a count grouped by nothing is one row, which no ORDER BY … LIMIT ranks.
func TestNoRankedSingleRow(t *testing.T) {
	const artists = `@prefix a: <http://x/artist#> .
<http://x/a1> a <http://x/artist> ; a:artist_id 1 ; a:artist "Gorgoroth" ; a:famous_title "Bergen 1996" ; a:age 34 .
<http://x/a2> a <http://x/artist> ; a:artist_id 2 ; a:artist "Ophiolatry" ; a:famous_title "Transmutation" ; a:age 22 .
`
	_, query := askOver(t, "music", artists, "What is Gorgoroth's most famous title?")
	if strings.Contains(query, "COUNT") && strings.Contains(query, "ORDER BY") && !strings.Contains(query, "GROUP BY") {
		t.Errorf("a count of one row is ranked:\n%s", query)
	}
}
