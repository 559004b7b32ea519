package schemaforge

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// askCase is a question asked over one graph written in Turtle, and the
// answer rows it wants ([askOver]).
type askCase struct {
	graph, data, question string
	want                  []string
}

// checkAsks asks each case over its graph and reports each wrong answer
// with the query that gave it.
func checkAsks(t *testing.T, cases []askCase) {
	t.Helper()
	for _, c := range cases {
		got, query := askOver(t, c.graph, c.data, c.question)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s\ngot %q, want %q\n%s", c.question, got, c.want, query)
		}
	}
}

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
	if b := ans.Results.Boolean; b != nil {
		return []string{strconv.FormatBool(*b)}, query
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
	const teaching = `@prefix d: <http://x/department#> . @prefix i: <http://x/instructor#> . @prefix c: <http://x/course#> . @prefix s: <http://x/section#> . @prefix t: <http://x/teaches#> .
<http://x/d1> a <http://x/department> ; d:dept_name "Physics" ; d:building "Watson" .
<http://x/i1> a <http://x/instructor> ; i:id 1 ; i:name "Lembr" ; i:dept_name "Physics" ; i:ref-dept_name <http://x/d1> .
<http://x/i2> a <http://x/instructor> ; i:id 2 ; i:name "Voronina" ; i:dept_name "Physics" ; i:ref-dept_name <http://x/d1> .
<http://x/c1> a <http://x/course> ; c:course_id 101 ; c:title "Mechanics" ; c:dept_name "Physics" ; c:ref-dept_name <http://x/d1> .
<http://x/c2> a <http://x/course> ; c:course_id 102 ; c:title "Optics" ; c:dept_name "Physics" ; c:ref-dept_name <http://x/d1> .
<http://x/c3> a <http://x/course> ; c:course_id 103 ; c:title "Acoustics" ; c:dept_name "Physics" ; c:ref-dept_name <http://x/d1> .
<http://x/s1> a <http://x/section> ; s:course_id 101 ; s:sec_id 1 ; s:ref-course_id <http://x/c1> .
<http://x/s2> a <http://x/section> ; s:course_id 102 ; s:sec_id 1 ; s:ref-course_id <http://x/c2> .
<http://x/s3> a <http://x/section> ; s:course_id 103 ; s:sec_id 1 ; s:ref-course_id <http://x/c3> .
<http://x/t1> a <http://x/teaches> ; t:id 1 ; t:ref-id <http://x/i1> ; t:course_id 101 ; t:sec_id 1 ; t:ref-course_id_sec_id <http://x/s1> .
<http://x/t2> a <http://x/teaches> ; t:id 2 ; t:ref-id <http://x/i2> ; t:course_id 102 ; t:sec_id 1 ; t:ref-course_id_sec_id <http://x/s2> .
<http://x/t3> a <http://x/teaches> ; t:id 2 ; t:ref-id <http://x/i2> ; t:course_id 103 ; t:sec_id 1 ; t:ref-course_id_sec_id <http://x/s3> .
`
	const films = `@prefix f: <http://x/film#> . @prefix c: <http://x/category#> . @prefix fc: <http://x/film_category#> .
<http://x/f1> a <http://x/film> ; f:film_id 1 ; f:title "ACADEMY DINOSAUR" .
<http://x/f2> a <http://x/film> ; f:film_id 2 ; f:title "ACE GOLDFINGER" .
<http://x/f3> a <http://x/film> ; f:film_id 3 ; f:title "ADAPTATION HOLES" .
<http://x/c1> a <http://x/category> ; c:category_id 1 ; c:name "Comedy" .
<http://x/c2> a <http://x/category> ; c:category_id 2 ; c:name "Horror" .
<http://x/fc1> a <http://x/film_category> ; fc:film_id 1 ; fc:ref-film_id <http://x/f1> ; fc:category_id 1 ; fc:ref-category_id <http://x/c1> .
<http://x/fc2> a <http://x/film_category> ; fc:film_id 2 ; fc:ref-film_id <http://x/f2> ; fc:category_id 2 ; fc:ref-category_id <http://x/c2> .
<http://x/fc3> a <http://x/film_category> ; fc:film_id 3 ; fc:ref-film_id <http://x/f3> ; fc:category_id 2 ; fc:ref-category_id <http://x/c2> .
`
	const trips = `@prefix s: <http://x/station#> . @prefix t: <http://x/trip#> .
<http://x/s1> a <http://x/station> ; s:id 1 ; s:name "Market at 4th" ; s:city "San Francisco" .
<http://x/s2> a <http://x/station> ; s:id 2 ; s:name "Ryland Park" ; s:city "San Jose" .
<http://x/t1> a <http://x/trip> ; t:id 1 ; t:duration 300 ; t:start_station_name "Market at 4th" ; t:end_station_name "Ryland Park" .
<http://x/t2> a <http://x/trip> ; t:id 2 ; t:duration 900 ; t:start_station_name "Ryland Park" ; t:end_station_name "Market at 4th" .
`
	const enzymes = `@prefix m: <http://x/medicine#> . @prefix e: <http://x/enzyme#> . @prefix i: <http://x/medicine_enzyme_interaction#> .
<http://x/m1> a <http://x/medicine> ; m:id 1 ; m:name "Aripiprazole" ; m:trade_name "Abilify" .
<http://x/m2> a <http://x/medicine> ; m:id 2 ; m:name "Clozapine" ; m:trade_name "Clozaril" .
<http://x/e1> a <http://x/enzyme> ; e:id 1 ; e:name "CYP2D6" .
<http://x/e2> a <http://x/enzyme> ; e:id 2 ; e:name "CYP3A4" .
<http://x/i1> a <http://x/medicine_enzyme_interaction> ; i:medicine_id 1 ; i:ref-medicine_id <http://x/m1> ; i:enzyme_id 1 ; i:ref-enzyme_id <http://x/e1> .
<http://x/i2> a <http://x/medicine_enzyme_interaction> ; i:medicine_id 2 ; i:ref-medicine_id <http://x/m2> ; i:enzyme_id 2 ; i:ref-enzyme_id <http://x/e2> .
`
	const settlements = `@prefix s: <http://x/settlements#> .
<http://x/s1> a <http://x/settlements> ; s:settlement_id 161 ; s:claim_id 717 ; s:settlement_amount 1588.0 .
<http://x/s2> a <http://x/settlements> ; s:settlement_id 176 ; s:claim_id 641 ; s:settlement_amount 9164.0 .
<http://x/s3> a <http://x/settlements> ; s:settlement_id 205 ; s:claim_id 604 ; s:settlement_amount 2138.0 .
`
	const reps = `@prefix e: <http://x/employees#> . @prefix c: <http://x/customers#> .
<http://x/e1> a <http://x/employees> ; e:id 1 ; e:first_name "Jane" ; e:last_name "Peacock" ; e:title "Sales Support Agent" .
<http://x/e2> a <http://x/employees> ; e:id 2 ; e:first_name "Steve" ; e:last_name "Johnson" ; e:title "Sales Support Agent" .
<http://x/c1> a <http://x/customers> ; c:id 1 ; c:first_name "Luís" ; c:last_name "Gonçalves" ; c:support_rep_id 1 ; c:ref-support_rep_id <http://x/e1> .
<http://x/c2> a <http://x/customers> ; c:id 2 ; c:first_name "Leonie" ; c:last_name "Köhler" ; c:support_rep_id 2 ; c:ref-support_rep_id <http://x/e2> .
<http://x/c3> a <http://x/customers> ; c:id 3 ; c:first_name "François" ; c:last_name "Tremblay" ; c:support_rep_id 2 ; c:ref-support_rep_id <http://x/e2> .
`
	const claims = `@prefix c: <http://x/claims#> .
<http://x/c1> a <http://x/claims> ; c:claim_id 143 ; c:date_claim_made "2017-03-11"^^<http://www.w3.org/2001/XMLSchema#date> ; c:amount_claimed 43884 ; c:amount_settled 1085 .
<http://x/c2> a <http://x/claims> ; c:claim_id 423 ; c:date_claim_made "2017-05-02"^^<http://www.w3.org/2001/XMLSchema#date> ; c:amount_claimed 89632 ; c:amount_settled 1351 .
<http://x/c3> a <http://x/claims> ; c:claim_id 442 ; c:date_claim_made "2016-09-17"^^<http://www.w3.org/2001/XMLSchema#date> ; c:amount_claimed 17566 ; c:amount_settled 1744 .
`
	const airports = `@prefix a: <http://x/airports#> . @prefix l: <http://x/airlines#> . @prefix r: <http://x/routes#> .
<http://x/a1> a <http://x/airports> ; a:apid 1 ; a:name "Honolulu International Airport" ; a:city "Honolulu" .
<http://x/a2> a <http://x/airports> ; a:apid 2 ; a:name "Kahului Airport" ; a:city "Kahului" .
<http://x/a3> a <http://x/airports> ; a:apid 3 ; a:name "Hilo International Airport" ; a:city "Hilo" .
<http://x/l1> a <http://x/airlines> ; l:alid 1 ; l:name "International" .
<http://x/r1> a <http://x/routes> ; r:rid 1 ; r:alid 1 ; r:ref-alid <http://x/l1> ; r:dst_apid 2 ; r:ref-dst_apid <http://x/a2> .
`
	const assets = `@prefix a: <http://x/assets#> . @prefix d: <http://www.w3.org/2001/XMLSchema#> .
<http://x/a1> a <http://x/assets> ; a:asset_id 1 ; a:asset_details "machine1" ; a:asset_acquired_date "2017-04-30T23:10:00"^^d:dateTime .
<http://x/a2> a <http://x/assets> ; a:asset_id 2 ; a:asset_details "machine2" ; a:asset_acquired_date "2017-05-02T08:00:00"^^d:dateTime .
<http://x/a3> a <http://x/assets> ; a:asset_id 3 ; a:asset_details "system1" ; a:asset_acquired_date "2017-06-11T10:00:00"^^d:dateTime .
`
	const customers = `@prefix c: <http://x/customers#> . @prefix d: <http://www.w3.org/2001/XMLSchema#> .
<http://x/c1> a <http://x/customers> ; c:customer_id 1 ; c:customer_name "Verda Streich" ; c:date_became_customer "2009-12-31T22:00:00"^^d:dateTime .
<http://x/c2> a <http://x/customers> ; c:customer_id 2 ; c:customer_name "Kyra Murazik" ; c:date_became_customer "2010-01-05T10:00:00"^^d:dateTime .
`
	const incidents = `@prefix i: <http://x/incidents#> .
<http://x/i1> a <http://x/incidents> ; i:incident_id 1 ; i:incident_type_code "NOISE" ; i:incident_summary "loud" .
<http://x/i2> a <http://x/incidents> ; i:incident_id 2 ; i:incident_type_code "NOISE" ; i:incident_summary "louder" .
<http://x/i3> a <http://x/incidents> ; i:incident_id 3 ; i:incident_type_code "VIOLENCE" ; i:incident_summary "fight" .
`
	const ordered = `@prefix p: <http://x/products#> . @prefix o: <http://x/orders#> .
<http://x/p1> a <http://x/products> ; p:product_id 1 ; p:product_name "food" .
<http://x/p2> a <http://x/products> ; p:product_id 2 ; p:product_name "music" .
<http://x/p3> a <http://x/products> ; p:product_id 3 ; p:product_name "clothes" .
<http://x/o1> a <http://x/orders> ; o:order_id 1 ; o:product_id 1 ; o:ref-product_id <http://x/p1> .
<http://x/o2> a <http://x/orders> ; o:order_id 2 ; o:product_id 3 ; o:ref-product_id <http://x/p3> .
`
	const problems = `@prefix s: <http://x/staff#> . @prefix p: <http://x/problems#> . @prefix c: <http://x/problem_status_codes#> . @prefix d: <http://www.w3.org/2001/XMLSchema#> .
<http://x/s1> a <http://x/staff> ; s:staff_id 1 ; s:staff_first_name "Christop" ; s:staff_last_name "Berge" .
<http://x/s2> a <http://x/staff> ; s:staff_id 2 ; s:staff_first_name "Ashley" ; s:staff_last_name "Medhurst" .
<http://x/c1> a <http://x/problem_status_codes> ; c:problem_status_code "Reported" .
<http://x/c2> a <http://x/problem_status_codes> ; c:problem_status_code "Solved" .
<http://x/p1> a <http://x/problems> ; p:problem_id 1 ; p:reported_by_staff_id 1 ; p:ref-reported_by_staff_id <http://x/s1> ; p:closure_authorised_by_staff_id 2 ; p:ref-closure_authorised_by_staff_id <http://x/s2> ; p:date_problem_reported "2004-05-01T10:00:00"^^d:dateTime .
<http://x/p2> a <http://x/problems> ; p:problem_id 2 ; p:reported_by_staff_id 2 ; p:ref-reported_by_staff_id <http://x/s2> ; p:closure_authorised_by_staff_id 1 ; p:ref-closure_authorised_by_staff_id <http://x/s1> ; p:date_problem_reported "1990-05-01T10:00:00"^^d:dateTime .
`
	const deliveries = `@prefix e: <http://x/employees#> . @prefix o: <http://x/order_deliveries#> .
<http://x/e1> a <http://x/employees> ; e:employee_id 1 ; e:employee_name "Kacie" .
<http://x/e2> a <http://x/employees> ; e:employee_id 2 ; e:employee_name "Dovie" .
<http://x/o1> a <http://x/order_deliveries> ; o:delivery_id 1 ; o:location_code "34 Benz St" ; o:driver_employee_id 1 ; o:ref-driver_employee_id <http://x/e1> .
<http://x/o2> a <http://x/order_deliveries> ; o:delivery_id 2 ; o:location_code "73 Nancy Av" ; o:driver_employee_id 2 ; o:ref-driver_employee_id <http://x/e2> .
`
	const engineers = `@prefix m: <http://x/maintenance_engineers#> . @prefix k: <http://x/engineer_skills#> . @prefix v: <http://x/engineer_visits#> .
<http://x/m1> a <http://x/maintenance_engineers> ; m:engineer_id 1 ; m:first_name "Archibald" ; m:last_name "Streich" .
<http://x/m2> a <http://x/maintenance_engineers> ; m:engineer_id 2 ; m:first_name "Etha" ; m:last_name "Reinger" .
<http://x/k1> a <http://x/engineer_skills> ; k:engineer_id 2 ; k:ref-engineer_id <http://x/m2> ; k:skill_id 1 .
<http://x/k2> a <http://x/engineer_skills> ; k:engineer_id 2 ; k:ref-engineer_id <http://x/m2> ; k:skill_id 2 .
<http://x/k3> a <http://x/engineer_skills> ; k:engineer_id 2 ; k:ref-engineer_id <http://x/m2> ; k:skill_id 3 .
<http://x/k4> a <http://x/engineer_skills> ; k:engineer_id 1 ; k:ref-engineer_id <http://x/m1> ; k:skill_id 1 .
<http://x/v1> a <http://x/engineer_visits> ; v:engineer_visit_id 1 ; v:engineer_id 1 ; v:ref-engineer_id <http://x/m1> .
<http://x/v2> a <http://x/engineer_visits> ; v:engineer_visit_id 2 ; v:engineer_id 1 ; v:ref-engineer_id <http://x/m1> .
<http://x/v3> a <http://x/engineer_visits> ; v:engineer_visit_id 3 ; v:engineer_id 2 ; v:ref-engineer_id <http://x/m2> .
`
	const sakila = `@prefix c: <http://x/customer#> . @prefix a: <http://x/address#> . @prefix t: <http://x/city#> . @prefix n: <http://x/actor#> .
<http://x/t1> a <http://x/city> ; t:city_id 1 ; t:city "Sasebo" ; t:country_id 50 ; t:last_update "2006" ; t:region "r" ; t:province "p" ; t:timezone "JST" ; t:population 100 .
<http://x/t2> a <http://x/city> ; t:city_id 2 ; t:city "Lethbridge" ; t:country_id 20 ; t:last_update "2006" ; t:region "r" ; t:province "p" ; t:timezone "JST" ; t:population 100 .
<http://x/a1> a <http://x/address> ; a:address_id 1 ; a:address "1913 Hanoi Way" ; a:address2 "" ; a:district "Nagasaki" ; a:postal_code "35200" ; a:phone "28303384290" ; a:city_id 1 ; a:ref-city_id <http://x/t1> ; a:last_update "2006" ; a:location "POINT" ; a:zone "z1" ; a:block "b" ; a:street_no "9" ; a:unit "u" ; a:floor "1" ; a:landmark "park" .
<http://x/a2> a <http://x/address> ; a:address_id 2 ; a:address "47 MySakila Drive" ; a:address2 "" ; a:district "Alberta" ; a:postal_code "61000" ; a:phone "14033335568" ; a:city_id 2 ; a:ref-city_id <http://x/t2> ; a:last_update "2006" ; a:location "POINT" ; a:zone "z1" ; a:block "b" ; a:street_no "9" ; a:unit "u" ; a:floor "1" ; a:landmark "park" .
<http://x/c1> a <http://x/customer> ; c:customer_id 1 ; c:first_name "MARY" ; c:last_name "SMITH" ; c:email "MARY.SMITH@sakilacustomer.org" ; c:active 1 ; c:store_id 1 ; c:address_id 1 ; c:ref-address_id <http://x/a1> ; c:last_update "2006" ; c:create_date "2006-02-14" ; c:loyalty "gold" ; c:notes "n" .
<http://x/c2> a <http://x/customer> ; c:customer_id 2 ; c:first_name "PATRICIA" ; c:last_name "JOHNSON" ; c:email "PATRICIA.JOHNSON@sakilacustomer.org" ; c:active 1 ; c:store_id 1 ; c:address_id 2 ; c:ref-address_id <http://x/a2> ; c:last_update "2006" ; c:create_date "2006-02-14" ; c:loyalty "gold" ; c:notes "n" .
<http://x/c3> a <http://x/customer> ; c:customer_id 3 ; c:first_name "MARY" ; c:last_name "KEITEL" ; c:email "MARY.KEITEL@sakilacustomer.org" ; c:active 1 ; c:store_id 1 ; c:address_id 2 ; c:ref-address_id <http://x/a2> ; c:last_update "2006" ; c:create_date "2006-02-14" ; c:loyalty "gold" ; c:notes "n" .
<http://x/n1> a <http://x/actor> ; n:actor_id 1 ; n:first_name "MARY" ; n:last_name "TANDY" .
`
	checkAsks(t, []askCase{
		// "Mary Smith": of the many columns the slice holds, still the
		// references that join customers to their addresses' cities and
		// the last name that holds "Smith" (not every Mary).
		{"shop", sakila, "What city does Mary Smith live in?", []string{"Sasebo"}},
		// "engineer": the maintenance engineers, whose last word it
		// is, not their skills; counted by their visits alone.
		{"assets", engineers, "Which engineer has made the most visits?", []string{"Archibald Streich"}},
		// "Who reported …": the staff the problems' reference named
		// for the verb leads to (not the one who closed them, nor a
		// status "Reported"), after the year 2000.
		{"support", problems, "Who reported problems after 2000?", []string{"Christop Berge"}},
		// "Who has driven deliveries to …": the driver.
		{"shop", deliveries, "Who has driven deliveries to 34 Benz St?", []string{"Kacie"}},
		// "before May 2017": before its first instant, compared as a
		// date-time where the attribute holds date-times.
		{"assets", assets, "Which assets were acquired before May 2017?", []string{"machine1"}},
		// "in May 2017": from its first instant to the next month's.
		{"assets", assets, "Which assets were acquired in May 2017?", []string{"machine2"}},
		// "Who became a customer …": "became" is the verb after "who",
		// and the customers are who; the date they became one, before
		// the year.
		{"shop", customers, "Who became a customer before 2010?", []string{"Verda Streich"}},
		// "of each kind": per type.
		{"school", incidents, "How many incidents of each kind have there been?", []string{"NOISE 2", "VIOLENCE 1"}},
		// "never been ordered": the verb of buying, not a sort order.
		{"shop", ordered, "Which products have never been ordered?", []string{"music"}},
		// "whose name contains": the airports' own name, not the
		// name of an airline that flies there and holds the word too.
		{"flights", airports, "How many airports have a name that contains the word 'International'?", []string{"2"}},
		// "each support rep … look after": grouped by the employees
		// the reference named so leads to, shown by their names; "look
		// after" is the verb, not part of the group's name.
		{"store", reps, "How many customers does each support rep look after?", []string{"Jane Peacock 1", "Steve Johnson 2"}},
		// "biggest" with no word for what is big: the one number
		// settlements have that is no identifier, their amount.
		{"insurance", settlements, "What's the biggest settlement?", []string{"176"}},
		// Of a claim's two amounts, the one named after what it is:
		// the amount claimed, not the amount settled.
		{"claims", claims, "When was the biggest claim made?", []string{"2017-05-02"}},
		// "film category": the category a film's link to one refers
		// to, named by its name, not the films.
		{"rentals", films, "Which film category has the most movies?", []string{"Horror"}},
		// "start from": of the trip's station names, the start's.
		{"bikes", trips, "Which station did the longest trip start from?", []string{"Ryland Park"}},
		// "aripiprazole", written small and in no dictionary: the
		// medicine the graph names so.
		{"drugs", enzymes, "Which enzymes does aripiprazole interact with?", []string{"CYP2D6"}},
		// "taught": through what the verb names (the sections an
		// instructor teaches), not the department a course and an
		// instructor share.
		{"college", teaching, "What courses has Lembr taught?", []string{"Mechanics"}},
		// The same where the department is named too, and so in the
		// slice: the path the verb names, one reference longer.
		{"college", teaching, "Which courses in the Physics department has Voronina taught?", []string{"Acoustics", "Optics"}},
		// "How many students … more than one course?": the students the
		// bound keeps, counted (2), not a count per student (2, 2), nor
		// per enrolment, which refers to one course each.
		{"learning", enrolments, "How many students have enrolled in more than one course?", []string{"2"}},
		// "longest" of a verb no column is named for: how long it
		// lasted, not the volume's number.
		{"music", songs, "Which song stayed on top the longest?", []string{"La Isla Bonita"}},
		// "staff member": a row of the staff.
		{"school", school, "Which staff member taught the most lessons?", []string{"Camylle Weissnat"}},
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
	})
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
