package schemaforge

import "testing"

// TestWhoThroughWhatTheyDid asks "who" of things people did (claims,
// payments, incidents, rentals), answered by the people those things
// refer to, one or two references away, and named as the graph names
// them; and asks a named thing's attribute where another class has a
// column of the same name.
func TestWhoThroughWhatTheyDid(t *testing.T) {
	const insurance = `@prefix c: <http://x/customers#> . @prefix p: <http://x/customer_policies#> . @prefix k: <http://x/claims#> .
<http://x/c1> a <http://x/customers> ; c:customer_id 1 ; c:customer_details "Augustine Kerluke" .
<http://x/c2> a <http://x/customers> ; c:customer_id 2 ; c:customer_details "Hanna Willms" .
<http://x/c3> a <http://x/customers> ; c:customer_id 3 ; c:customer_details "Diana Rath" .
<http://x/p1> a <http://x/customer_policies> ; p:policy_id 11 ; p:customer_id 1 ; p:ref-customer_id <http://x/c1> ; p:policy_type_code "Car" .
<http://x/p2> a <http://x/customer_policies> ; p:policy_id 12 ; p:customer_id 2 ; p:ref-customer_id <http://x/c2> ; p:policy_type_code "Life" .
<http://x/p3> a <http://x/customer_policies> ; p:policy_id 13 ; p:customer_id 3 ; p:ref-customer_id <http://x/c3> ; p:policy_type_code "Car" .
<http://x/k1> a <http://x/claims> ; k:claim_id 143 ; k:policy_id 11 ; k:ref-policy_id <http://x/p1> ; k:amount_claimed 43884 ; k:amount_settled 1085 ; k:date_claim_made "2017-03-11"^^<http://www.w3.org/2001/XMLSchema#date> .
<http://x/k2> a <http://x/claims> ; k:claim_id 423 ; k:policy_id 12 ; k:ref-policy_id <http://x/p2> ; k:amount_claimed 89632 ; k:amount_settled 1724 ; k:date_claim_made "2016-08-12"^^<http://www.w3.org/2001/XMLSchema#date> .
<http://x/k3> a <http://x/claims> ; k:claim_id 442 ; k:policy_id 13 ; k:ref-policy_id <http://x/p3> ; k:amount_claimed 70088 ; k:amount_settled 1189 ; k:date_claim_made "2017-02-24"^^<http://www.w3.org/2001/XMLSchema#date> .
`
	const incidents = `@prefix s: <http://x/students#> . @prefix i: <http://x/behavior_incident#> .
<http://x/s1> a <http://x/students> ; s:student_id 1 ; s:first_name "Emma" ; s:last_name "Rohan" .
<http://x/s2> a <http://x/students> ; s:student_id 2 ; s:first_name "David" ; s:last_name "Gorczany" .
<http://x/i1> a <http://x/behavior_incident> ; i:incident_id 10 ; i:student_id 1 ; i:ref-student_id <http://x/s1> ; i:incident_type_code "VIOLENCE" .
<http://x/i2> a <http://x/behavior_incident> ; i:incident_id 11 ; i:student_id 2 ; i:ref-student_id <http://x/s2> ; i:incident_type_code "NOISE" .
`
	const payments = `@prefix c: <http://x/customer#> . @prefix p: <http://x/payment#> .
<http://x/c1> a <http://x/customer> ; c:customer_id 1 ; c:first_name "Mary" ; c:last_name "Smith" .
<http://x/c2> a <http://x/customer> ; c:customer_id 2 ; c:first_name "Robin" ; c:last_name "Hayes" .
<http://x/p1> a <http://x/payment> ; p:payment_id 1 ; p:customer_id 1 ; p:ref-customer_id <http://x/c1> ; p:amount 2.99 ; p:payment_date "2005-05-25T11:30:37"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://x/p2> a <http://x/payment> ; p:payment_id 2 ; p:customer_id 2 ; p:ref-customer_id <http://x/c2> ; p:amount 11.99 ; p:payment_date "2005-06-15T00:54:12"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://x/p3> a <http://x/payment> ; p:payment_id 3 ; p:customer_id 1 ; p:ref-customer_id <http://x/c1> ; p:amount 0.99 ; p:payment_date "2005-06-16T15:18:57"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
`
	const rentals = `@prefix c: <http://x/customer#> . @prefix r: <http://x/rental#> .
<http://x/c1> a <http://x/customer> ; c:customer_id 1 ; c:first_name "Mary" ; c:last_name "Smith" .
<http://x/c2> a <http://x/customer> ; c:customer_id 2 ; c:first_name "Robin" ; c:last_name "Hayes" .
<http://x/r1> a <http://x/rental> ; r:rental_id 1 ; r:customer_id 1 ; r:ref-customer_id <http://x/c1> ; r:rental_date "2005-05-24T22:53:30"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://x/r2> a <http://x/rental> ; r:rental_id 2 ; r:customer_id 2 ; r:ref-customer_id <http://x/c2> ; r:rental_date "2005-06-14T22:53:30"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
`
	const seasons = `@prefix m: <http://x/match_season#> .
<http://x/m1> a <http://x/match_season> ; m:season 1996.0 ; m:player "Steve Ralston" ; m:position "Midfielder" .
<http://x/m2> a <http://x/match_season> ; m:season 2001.0 ; m:player "Landon Donovan" ; m:position "Forward" .
<http://x/p1> a <http://x/player> ; <http://x/player#player_id> 1 ; <http://x/player#player> "Cho Soong-Jae" ; <http://x/player#years_played> "1 (2011)" .
`
	const groups = `@prefix g: <http://x/drama_workshop_groups#> . @prefix c: <http://x/customers#> .
<http://x/g1> a <http://x/drama_workshop_groups> ; g:workshop_group_id 136 ; g:store_name "Queen Art" ; g:store_phone "492-463-5967" .
<http://x/g2> a <http://x/drama_workshop_groups> ; g:workshop_group_id 140 ; g:store_name "Veda Film" ; g:store_phone "793-966-9311" .
<http://x/c1> a <http://x/customers> ; c:customer_id 1 ; c:customer_name "Bettye" ; c:customer_phone "(604)849-0214" .
<http://x/c2> a <http://x/customers> ; c:customer_id 2 ; c:customer_name "Gwen" ; c:customer_phone "(235)500-1213" .
`
	const gpas = `@prefix s: <http://x/student#> .
<http://x/s1> a <http://x/student> ; s:stu_num 1 ; s:stu_fname "Walter" ; s:stu_lname "Oblonski" ; s:stu_gpa 2.84 .
<http://x/s2> a <http://x/student> ; s:stu_num 2 ; s:stu_fname "Anne" ; s:stu_lname "Smithson" ; s:stu_gpa 3.27 .
<http://x/s3> a <http://x/student> ; s:stu_num 3 ; s:stu_fname "Juliette" ; s:stu_lname "Brewer" ; s:stu_gpa 2.26 .
`
	const assessments = `@prefix p: <http://x/people#> . @prefix c: <http://x/candidates#> . @prefix a: <http://x/candidate_assessments#> .
<http://x/p1> a <http://x/people> ; p:person_id 111 ; p:first_name "Shannon" ; p:last_name "Senger" .
<http://x/p2> a <http://x/people> ; p:person_id 131 ; p:first_name "Dariana" ; p:last_name "Bednar" .
<http://x/c1> a <http://x/candidates> ; c:candidate_id 111 ; c:ref-candidate_id <http://x/p1> ; c:candidate_details "Jane" .
<http://x/c2> a <http://x/candidates> ; c:candidate_id 131 ; c:ref-candidate_id <http://x/p2> ; c:candidate_details "Robert" .
<http://x/a1> a <http://x/candidate_assessments> ; a:candidate_id 111 ; a:qualification "A" ; a:ref-candidate_id <http://x/c1> ; a:asessment_outcome_code "Pass" .
<http://x/a2> a <http://x/candidate_assessments> ; a:candidate_id 131 ; a:qualification "D" ; a:ref-candidate_id <http://x/c2> ; a:asessment_outcome_code "Fail" .
`
	const bookings = `@prefix g: <http://x/drama_workshop_groups#> . @prefix b: <http://x/bookings#> .
<http://x/g1> a <http://x/drama_workshop_groups> ; g:workshop_group_id 136 ; g:store_name "Queen Art" .
<http://x/g2> a <http://x/drama_workshop_groups> ; g:workshop_group_id 140 ; g:store_name "Veda Film" .
<http://x/b1> a <http://x/bookings> ; b:booking_id 1 ; b:workshop_group_id 140 ; b:ref-workshop_group_id <http://x/g2> ; b:status_code "good" .
<http://x/b2> a <http://x/bookings> ; b:booking_id 2 ; b:workshop_group_id 136 ; b:ref-workshop_group_id <http://x/g1> ; b:status_code "good" .
<http://x/b3> a <http://x/bookings> ; b:booking_id 3 ; b:workshop_group_id 140 ; b:ref-workshop_group_id <http://x/g2> ; b:status_code "stop" .
`
	const enrolments = `@prefix s: <http://x/students#> . @prefix c: <http://x/courses#> . @prefix e: <http://x/student_course_enrolment#> .
<http://x/s1> a <http://x/students> ; s:student_id 1 ; s:first_name "Marshall" ; s:last_name "Johns" .
<http://x/s2> a <http://x/students> ; s:student_id 2 ; s:first_name "Eliza" ; s:last_name "Leannon" .
<http://x/s3> a <http://x/students> ; s:student_id 3 ; s:first_name "Wilson" ; s:last_name "Ward" .
<http://x/c1> a <http://x/courses> ; c:course_id 1 ; c:course_name "database" .
<http://x/c2> a <http://x/courses> ; c:course_id 2 ; c:course_name "statistics" .
<http://x/c3> a <http://x/courses> ; c:course_id 3 ; c:course_name "Japanese" .
<http://x/e1> a <http://x/student_course_enrolment> ; e:registration_id 1 ; e:student_id 1 ; e:course_id 1 ; e:ref-student_id <http://x/s1> ; e:ref-course_id <http://x/c1> ; e:date_of_enrolment "2017-10-09T07:09:02"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://x/e2> a <http://x/student_course_enrolment> ; e:registration_id 2 ; e:student_id 2 ; e:course_id 1 ; e:ref-student_id <http://x/s2> ; e:ref-course_id <http://x/c1> ; e:date_of_enrolment "2017-11-13T12:49:33"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://x/e3> a <http://x/student_course_enrolment> ; e:registration_id 3 ; e:student_id 2 ; e:course_id 2 ; e:ref-student_id <http://x/s2> ; e:ref-course_id <http://x/c2> ; e:date_of_enrolment "2017-12-07T02:21:13"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://x/e4> a <http://x/student_course_enrolment> ; e:registration_id 4 ; e:student_id 3 ; e:course_id 3 ; e:ref-student_id <http://x/s3> ; e:ref-course_id <http://x/c3> ; e:date_of_enrolment "2017-12-12T21:42:11"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
`
	const drivers = `@prefix c: <http://x/customers#> .
<http://x/c1> a <http://x/customers> ; c:customer_id 1 ; c:first_name "Carole" ; c:last_name "Bernhard" ; c:date_of_birth "1998-12-16T12:00:00"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://x/c2> a <http://x/customers> ; c:customer_id 2 ; c:first_name "Genevieve" ; c:last_name "Terry" ; c:date_of_birth "1995-07-17T12:13:16"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
`
	checkAsks(t, []askCase{
		// The claim's policy's customer, known by the details of
		// customers, which hold their names.
		{"insurance", insurance, "Who made the biggest claim?", []string{"Hanna Willms"}},
		{"insurance", insurance, "Who made a claim in August 2016?", []string{"Hanna Willms"}},
		// "put in" a claim "for more than": the claim's own amount, not
		// its number.
		{"insurance", insurance, "Who has put in a claim for more than 60,000?", []string{"Diana Rath", "Hanna Willms"}},
		// "involved in an incident of violence": the students, not the
		// incident asked for.
		{"behaviour", incidents, "Who was involved in an incident of violence?", []string{"Emma Rohan"}},
		// "the largest payment": its amount.
		{"store", payments, "Who made the largest payment?", []string{"Robin Hayes"}},
		// "rented": the rentals.
		{"store", rentals, "Who rented something in May 2005?", []string{"Mary Smith"}},
		// "Who played": the column named for the verb's agent, not the
		// players' years played.
		{"league", seasons, "Who played a season before 2000?", []string{"Steve Ralston"}},
		// The phone of the group named, not a customer's.
		{"drama", groups, "What's the phone number for Queen Art?", []string{"492-463-5967"}},
		// "Did … pass": her assessment's outcome "Pass", through the
		// candidate she is.
		{"exams", assessments, "Did Dariana Bednar pass her assessment?", []string{"false"}},
		{"exams", assessments, "Did Shannon Senger pass her assessment?", []string{"true"}},
		// "gets booked the most": counted by the bookings of each.
		{"drama", bookings, "Which workshop group gets booked the most?", []string{"Veda Film"}},
		// "more courses than NAME": each one's count of enrolments
		// against his, named by a first and a last name.
		{"learning", enrolments, "Who has enrolled in more courses than Marshall Johns?", []string{"Eliza Leannon"}},
		// "youngest": the latest birth date, the column the routing
		// found for "age" (which it must not hand over as age's own).
		{"school", drivers, "Who is the youngest customer?", []string{"Carole Bernhard"}},
		// "a better GPA than": a higher one.
		{"college", gpas, "Which students have a better GPA than Walter Oblonski?", []string{"Anne Smithson"}},
	})
}
