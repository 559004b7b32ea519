package schemaforge

import "testing"

// TestFirstLastAndComparedWithOne asks about the order things happened
// in ("the first order", "became a customer first", "began in 2016"),
// compares with a named one's date or count ("hired before Andrew
// Adams", "as many orders as Wendell", "don't have as many bathrooms
// as"), and asks yes or no by a question tag ("…, right?").
func TestFirstLastAndComparedWithOne(t *testing.T) {
	const orders = `@prefix c: <http://x/customers#> . @prefix o: <http://x/orders#> .
<http://x/c1> a <http://x/customers> ; c:customer_id 1 ; c:customer_name "Beulah" ; c:date_became_customer "2014-02-04T04:51:58"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://x/c2> a <http://x/customers> ; c:customer_id 2 ; c:customer_name "Parker" ; c:date_became_customer "2011-07-01T10:00:00"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://x/c3> a <http://x/customers> ; c:customer_id 3 ; c:customer_name "Wendell" ; c:date_became_customer "2016-03-09T08:00:00"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://x/o1> a <http://x/orders> ; o:order_id 1 ; o:customer_id 1 ; o:ref-customer_id <http://x/c1> ; o:date_order_placed "1982-12-09T09:42:23"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://x/o2> a <http://x/orders> ; o:order_id 2 ; o:customer_id 2 ; o:ref-customer_id <http://x/c2> ; o:date_order_placed "1974-06-24T22:10:26"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://x/o3> a <http://x/orders> ; o:order_id 3 ; o:customer_id 3 ; o:ref-customer_id <http://x/c3> ; o:date_order_placed "2005-01-01T00:00:00"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://x/o4> a <http://x/orders> ; o:order_id 4 ; o:customer_id 3 ; o:ref-customer_id <http://x/c3> ; o:date_order_placed "2010-01-01T00:00:00"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://x/o5> a <http://x/orders> ; o:order_id 5 ; o:customer_id 1 ; o:ref-customer_id <http://x/c1> ; o:date_order_placed "2012-01-01T00:00:00"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
`
	const films = `@prefix f: <http://x/films#> . @prefix d: <http://x/directors#> .
<http://x/d1> a <http://x/directors> ; d:director_id 1 ; d:name "Ada Brook" .
<http://x/f1> a <http://x/films> ; f:film_id 1 ; f:title "Paper Moons" ; f:release_year 2016 ; f:director_id 1 ; f:ref-director_id <http://x/d1> .
<http://x/f2> a <http://x/films> ; f:film_id 2 ; f:title "The Salt Road" ; f:release_year 2012 ; f:director_id 1 ; f:ref-director_id <http://x/d1> .
<http://x/f3> a <http://x/films> ; f:film_id 3 ; f:title "Winter Ledger" ; f:release_year 2021 ; f:director_id 1 ; f:ref-director_id <http://x/d1> .
`
	const bookings = `@prefix b: <http://x/apartment_bookings#> .
<http://x/b1> a <http://x/apartment_bookings> ; b:apt_booking_id 258 ; b:booking_status_code "Provisional" ; b:booking_start_date "2016-09-26T17:13:49"^^<http://www.w3.org/2001/XMLSchema#dateTime> ; b:booking_end_date "2017-10-07T11:38:48"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://x/b2> a <http://x/apartment_bookings> ; b:apt_booking_id 279 ; b:booking_status_code "Confirmed" ; b:booking_start_date "2017-03-13T16:20:14"^^<http://www.w3.org/2001/XMLSchema#dateTime> ; b:booking_end_date "2018-02-25T15:15:37"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
`
	const apartments = `@prefix a: <http://x/apartments#> .
<http://x/a1> a <http://x/apartments> ; a:apt_id 10 ; a:apt_number "Apt. 859" ; a:bathroom_count 2 ; a:bedroom_count 3 .
<http://x/a2> a <http://x/apartments> ; a:apt_id 11 ; a:apt_number "Suite 749" ; a:bathroom_count 1 ; a:bedroom_count 5 .
<http://x/a3> a <http://x/apartments> ; a:apt_id 12 ; a:apt_number "Apt. 477" ; a:bathroom_count 3 ; a:bedroom_count 4 .
`
	const staff = `@prefix e: <http://x/employees#> .
<http://x/e1> a <http://x/employees> ; e:id 1 ; e:first_name "Andrew" ; e:last_name "Adams" ; e:salary 9000 ; e:hire_date "2002-08-14T00:00:00"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://x/e2> a <http://x/employees> ; e:id 2 ; e:first_name "Nancy" ; e:last_name "Edwards" ; e:salary 9000 ; e:hire_date "2002-05-01T00:00:00"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://x/e3> a <http://x/employees> ; e:id 3 ; e:first_name "Jane" ; e:last_name "Peacock" ; e:salary 7000 ; e:hire_date "2002-04-01T00:00:00"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://x/e4> a <http://x/employees> ; e:id 4 ; e:first_name "Laura" ; e:last_name "Callahan" ; e:salary 6000 ; e:hire_date "2004-03-04T00:00:00"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
`
	checkAsks(t, []askCase{
		// "the (very) first order": the earliest placed, its customer.
		{"shop", orders, "Who placed the very first order?", []string{"Parker"}},
		{"shop", orders, "Who placed an order last?", []string{"Beulah"}},
		// "direct first": where no column says when the verb happened,
		// the things' own time (a release year).
		{"films", films, "Which film did Ada Brook direct first?", []string{"The Salt Road"}},
		// "became a customer first": the date they became one.
		{"shop", orders, "Who became a customer first?", []string{"Parker"}},
		// "as many orders as Wendell": the same count, Wendell aside.
		{"shop", orders, "Who else has placed as many orders as Wendell?", []string{"Beulah"}},
		// "began": the start date (begin, start), not the end date.
		{"rentals", bookings, "How many bookings began in 2016?", []string{"1"}},
		{"rentals", bookings, "How many bookings began in 2017?", []string{"1"}},
		// A comparison with a named one's own count of bathrooms.
		{"rentals", apartments, "Which apartments don't have as many bathrooms as Apt. 859?", []string{"Suite 749"}},
		{"rentals", apartments, "Which apartments have more bedrooms than Apt. 859?", []string{"Apt. 477", "Suite 749"}},
		// "before Andrew Adams": before he was hired.
		{"store", staff, "Which employees were hired before Andrew Adams?", []string{"Jane Peacock", "Nancy Edwards"}},
		{"store", staff, "Who earns as much as Andrew Adams?", []string{"Nancy Edwards"}},
		// Question tags ask yes or no; "isn't she" negates nothing.
		{"store", staff, "Jane Peacock earns more than 6500, right?", []string{"true"}},
		{"store", staff, "Laura Callahan earns more than 6500, doesn't she?", []string{"false"}},
	})
}

// TestOwnMeasureAndWholeNames bounds a thing by its own amount where the
// question names no attribute and the class has another name than the
// question's word ("claims" of claim_headers), shows things no column
// names by their key rather than their "other details", and links an
// address that starts with a number whole.
func TestOwnMeasureAndWholeNames(t *testing.T) {
	const claims = `@prefix h: <http://x/claim_headers#> .
<http://x/h1> a <http://x/claim_headers> ; h:claim_header_id 15 ; h:amount_claimed 349.15 ; h:amount_piad 582.03 ; h:claim_status_code "Settled" .
<http://x/h2> a <http://x/claim_headers> ; h:claim_header_id 56 ; h:amount_claimed 902.5 ; h:amount_piad 100.0 ; h:claim_status_code "Disputed" .
<http://x/h3> a <http://x/claim_headers> ; h:claim_header_id 69 ; h:amount_claimed 812.0 ; h:amount_piad 900.0 ; h:claim_status_code "Settled" .
`
	const grants = `@prefix g: <http://x/grants#> .
<http://x/g1> a <http://x/grants> ; g:grant_id 1 ; g:grant_amount 4094.542 ; g:other_details "et" .
<http://x/g2> a <http://x/grants> ; g:grant_id 7 ; g:grant_amount 1224332.0 ; g:other_details "explicabo" .
<http://x/g3> a <http://x/grants> ; g:grant_id 8 ; g:grant_amount 9930.0 ; g:other_details "aut" .
`
	const properties = `@prefix p: <http://x/properties#> .
<http://x/p1> a <http://x/properties> ; p:property_id 748 ; p:property_type_code "apartment" ; p:property_address "3927 Spinka Loaf Suite 347" .
<http://x/p2> a <http://x/properties> ; p:property_id 954 ; p:property_type_code "house" ; p:property_address "2580 Yundt Plains" .
`
	const universities = `@prefix u: <http://x/university#> .
<http://x/u1> a <http://x/university> ; u:school_id 1 ; u:school "University of Delaware" ; u:location "Newark, DE" ; u:enrollment 19067.0 .
<http://x/u2> a <http://x/university> ; u:school_id 2 ; u:school "Lebanon Valley College" ; u:location "Annville, PA" ; u:enrollment 2100.0 .
<http://x/u3> a <http://x/university> ; u:school_id 3 ; u:school "Rutgers University" ; u:location "New Brunswick, NJ" ; u:enrollment 56868.0 .
<http://x/u4> a <http://x/university> ; u:school_id 4 ; u:school "Stony Brook University" ; u:location "Stony Brook, NY" ; u:enrollment 23997.0 .
`
	const documents = `@prefix d: <http://x/documents#> .
<http://x/d1> a <http://x/documents> ; d:document_code "217" ; d:document_name "Fall Sails" ; d:access_count 2345 .
<http://x/d2> a <http://x/documents> ; d:document_code "675" ; d:document_name "Winter Sails" ; d:access_count 3769 .
<http://x/d3> a <http://x/documents> ; d:document_code "958" ; d:document_name "Learning Japanese" ; d:access_count 1864 .
`
	const volumes = `@prefix v: <http://x/volume#> .
<http://x/v1> a <http://x/volume> ; v:volume_id 1 ; v:song " The Way" ; v:weeks_on_top 3.0 .
<http://x/v2> a <http://x/volume> ; v:volume_id 2 ; v:song " La Isla Bonita " ; v:weeks_on_top 1.0 .
<http://x/v3> a <http://x/volume> ; v:volume_id 3 ; v:song " Always " ; v:weeks_on_top 2.0 .
<http://x/v4> a <http://x/volume> ; v:volume_id 4 ; v:song "Head to Toe " ; v:weeks_on_top 1.0 .
`
	const authors = `@prefix a: <http://x/course_authors_and_tutors#> . @prefix c: <http://x/courses#> .
<http://x/a1> a <http://x/course_authors_and_tutors> ; a:author_id 1 ; a:personal_name "Yessenia" ; a:family_name "Barrows" ; a:login_name "jmckenzie" .
<http://x/a2> a <http://x/course_authors_and_tutors> ; a:author_id 2 ; a:personal_name "Deja" ; a:family_name "Champlin" ; a:login_name "adam.rippin" .
<http://x/c1> a <http://x/courses> ; c:course_id 1 ; c:course_name "Writing in French" ; c:course_description "Writing in French" ; c:author_id 1 ; c:ref-author_id <http://x/a1> .
<http://x/c2> a <http://x/courses> ; c:course_id 2 ; c:course_name "Japanese" ; c:course_description "Japanese" ; c:author_id 2 ; c:ref-author_id <http://x/a2> .
`
	const flights = `@prefix f: <http://x/flight#> .
<http://x/f1> a <http://x/flight> ; f:flno 2 ; f:origin "Los Angeles" ; f:destination "Tokyo" ; f:distance 5478 .
<http://x/f2> a <http://x/flight> ; f:flno 7 ; f:origin "Los Angeles" ; f:destination "Sydney" ; f:distance 7487 .
<http://x/f3> a <http://x/flight> ; f:flno 13 ; f:origin "Los Angeles" ; f:destination "Chicago" ; f:distance 1749 .
`
	const albums = `@prefix a: <http://x/albums#> . @prefix t: <http://x/tracks#> .
<http://x/a1> a <http://x/albums> ; a:id 4 ; a:title "Let There Be Rock" .
<http://x/a2> a <http://x/albums> ; a:id 5 ; a:title "Big Ones" .
<http://x/t1> a <http://x/tracks> ; t:id 15 ; t:name "Go Down" ; t:album_id 4 ; t:ref-album_id <http://x/a1> .
<http://x/t2> a <http://x/tracks> ; t:id 16 ; t:name "Let There Be Rock" ; t:album_id 4 ; t:ref-album_id <http://x/a1> .
<http://x/t3> a <http://x/tracks> ; t:id 23 ; t:name "Walk On Water" ; t:album_id 5 ; t:ref-album_id <http://x/a2> .
`
	checkAsks(t, []askCase{
		// "Who wrote": the author, named by a personal and a family
		// name (the course's name and description alike, as in
		// e_learning).
		{"learning", authors, "Who wrote the course Writing in French?", []string{"Yessenia Barrows"}},
		// A flight's length is its distance.
		{"flights", flights, "Which flights are longer than 2000 miles?", []string{"Sydney", "Tokyo"}},
		{"flights", flights, "Which flight is the longest?", []string{"Sydney"}},
		// "beat X on Y": more of Y than X has; "outlasted X at the
		// top": longer there (weeks_on_top), the title linked though
		// the graph writes it with stray spaces.
		{"docs", documents, "Which documents beat Fall Sails on number of accesses?", []string{"Winter Sails"}},
		{"charts", volumes, "Which songs outlasted La Isla Bonita at the top?", []string{" Always ", " The Way"}},
		// "the album NAME": tracks of that album, though a track has
		// the album's name too.
		{"music", albums, "How many tracks are on the album Let There Be Rock?", []string{"2"}},
		// Universities no column names are shown by their school; the
		// one compared with is found by it too, as the graph writes it.
		{"basketball", universities, "Which universities have more students than Stony Brook?", []string{"Rutgers University"}},
		{"basketball", universities, "Which universities don't have as many students as Stony Brook?", []string{"Lebanon Valley College", "University of Delaware"}},
		{"claims", claims, "Which claims asked for more than 800?", []string{"56", "69"}},
		{"grants", grants, "Which grants were worth more than a million?", []string{"7"}},
		{"lots", properties, "What kind of property is 3927 Spinka Loaf Suite 347?", []string{"apartment"}},
	})
}
