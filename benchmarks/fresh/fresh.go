// Package fresh is the fresh suite: questions written by hand, in the
// phrasing people use rather than after a benchmark's templates, over the
// demo collection (examples/demo), three Spider4SPARQL dev graphs
// (concert_singer, pets_1, world_1) and a hundred and twenty-eight
// Spider4SPARQL train graphs, each with a gold SPARQL query.
//
// The questions live in [File] (embedded as [Data]); they were written
// before anything was tuned on them and are frozen: they are never edited
// to suit the system. This package loads and validates them ([Parse],
// [Load], [Default]), computes their gold answers on their graphs and
// turns them into [qa.Question]s that [qa.Run] scores ([Questions]), and
// sums a run's items into right/wrong × verified/not-verified bins overall,
// per collection and per shape ([Tally]).
package fresh

import (
	"bytes"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/schemaforge/go-schemaforge/benchmarks/qa"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// File is the name of the suite's questions file in this package's
// directory.
const File = "questions.yaml"

// Data is the content of [File], embedded.
//
//go:embed questions.yaml
var Data []byte

// The collections of the suite.
const (
	// Demo is the bundled demo collection (examples/demo).
	Demo = "demo"
	// SpiderDev is the 19 Spider4SPARQL dev graphs (graphs/dev); the
	// pipeline answers over all of them, so routing is part of the test.
	SpiderDev = "spider-dev"
	// SpiderTrain is the Spider4SPARQL train graphs with data
	// (graphs/train): the pipeline answers over all of them. Questions
	// there may be tuned on, as train is.
	SpiderTrain = "spider-train"
)

// Collections are the suite's collections, in report order.
var Collections = []string{Demo, SpiderDev, SpiderTrain}

// Graphs lists, per collection, the graphs that questions may name.
var Graphs = map[string][]string{
	Demo:      {"music", "films", "football", "cities"},
	SpiderDev: {"concert_singer", "pets_1", "world_1"},
	SpiderTrain: {"inn_1", "flight_1", "wine_1", "cre_theme_park", "hr_1", "activity_1", "cinema", "swimming",
		"election", "department_store", "gymnast", "perpetrator", "film_rank", "roller_coaster", "phone_1", "music_1",
		"climbing", "architecture", "mountain_photos", "train_station", "wedding", "storm_record", "aircraft", "farm",
		"ship_1", "party_host", "school_bus", "entrepreneur", "journal_committee", "news_report", "body_builder", "debate",
		"movie_1", "musical", "railway", "pilot_record", "club_1", "dorm_1", "game_injury", "phone_market",
		"race_track", "ship_mission", "theme_gallery", "gas_company", "company_employee", "riding_club", "culture_company",
		"sports_competition",
		"city_record", "coffee_shop", "candidate_poll", "entertainment_awards", "decoration_competition", "school_finance", "protein_institute", "flight_company",
		"station_weather", "county_public_safety", "manufacturer", "school_player", "book_2", "wrestler", "device", "program_share",
		"allergy_1", "company_office", "department_management", "epinions_1", "machine_repair", "scientist_1", "shop_membership", "small_bank_1",
		"college_3", "game_1", "restaurant_1", "student_1", "twitter_1", "voter_2", "workshop_paper", "store_product",
		"browser_web", "csu_1", "customer_complaints", "e_government", "formula_1", "performance_attendance", "product_catalog", "hospital_1",
		"medicine_enzyme_interaction", "college_2", "apartment_rentals", "bike_1", "sakila_1", "soccer_2", "store_1", "party_people",
		"assets_maintenance", "behavior_monitoring", "company_1", "customer_deliveries", "local_govt_in_alabama", "network_2", "products_for_hire", "tracking_software_problems",
		"chinook_1", "college_1", "cre_drama_workshop_groups", "driving_school", "e_learning", "insurance_policies", "match_season", "student_assessment",
		"customers_and_invoices", "customers_campaigns_ecommerce", "tracking_grants_for_research", "local_govt_and_lot", "insurance_and_eclaims", "document_management", "university_basketball", "music_4",
		"cre_doc_control_systems", "customers_and_addresses", "customers_card_transactions", "insurance_fnol", "tracking_orders", "election_representative", "loan_1", "manufactory_1"},
}

// Shapes are the question shapes a question is tagged with.
var Shapes = []string{
	"attribute-of-entity", // a property of a named entity: "How old is Rose White?"
	"relation",            // who/which through a relation: "Who directed Lantern Festival?"
	"superlative-implied", // the attribute is implied by the word: "Who is the oldest singer?"
	"count-per-group",     // "How many players does each club have?"
	"compare-number",      // "Which stadiums hold more than 40,000 fans?"
	"compare-entity",      // "Which players scored more goals than Matias Rojas?"
	"negation",            // "Which cities don't have a museum?"
	"two-hop",             // through two relations: "What museums are there in Portugal's capital?"
	"yes-no",              // an ASK: "Is Nordvik the capital of Norway?"
	"date",                // when: "When was Tomas Vey born?"
}

// Entry is one question of the suite as the file holds it.
type Entry struct {
	ID string `yaml:"id" json:"id"`
	// Graph is the ID of the graph that holds the answer.
	Graph string `yaml:"graph" json:"graph"`
	// Collection is [Demo], [SpiderDev] or [SpiderTrain].
	Collection string `yaml:"collection" json:"collection"`
	// Shape is one of [Shapes].
	Shape    string `yaml:"shape" json:"shape"`
	Question string `yaml:"question" json:"question"`
	// SPARQL is the gold query.
	SPARQL string `yaml:"sparql" json:"sparql"`
}

// file is the layout of the questions file.
type file struct {
	Questions []Entry `yaml:"questions"`
}

// Default returns the suite's questions, parsed and validated from the
// embedded [Data].
func Default() ([]Entry, error) {
	return Parse(Data, File)
}

// Load reads and validates a questions file in the suite's format.
func Load(path string) ([]Entry, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("fresh: %w", err)
	}
	return Parse(data, path)
}

// Parse parses and validates questions in the suite's format; name says
// where they came from in errors. Unknown keys are errors. Every problem
// found is reported, each naming the question (by position and ID) and
// the field: a missing field, an unknown shape, collection or graph (or a
// graph of another collection), a duplicated ID or question, a gold query
// that does not parse.
func Parse(data []byte, name string) ([]Entry, error) {
	var f file
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("fresh: %s: malformed YAML: %w", name, err)
	}
	if len(f.Questions) == 0 {
		return nil, fmt.Errorf("fresh: %s: no questions (want a top-level `questions:` list)", name)
	}
	var errs []error
	ids, texts := map[string]int{}, map[string]int{}
	for i, e := range f.Questions {
		where := fmt.Sprintf("question %d", i+1)
		if e.ID != "" {
			where += fmt.Sprintf(" (%s)", e.ID)
		}
		bad := func(format string, args ...any) {
			errs = append(errs, fmt.Errorf("fresh: %s: %s: %s", name, where, fmt.Sprintf(format, args...)))
		}
		for _, fld := range []struct{ key, value string }{{"id", e.ID}, {"graph", e.Graph}, {"collection", e.Collection},
			{"shape", e.Shape}, {"question", e.Question}, {"sparql", e.SPARQL}} {
			if strings.TrimSpace(fld.value) == "" {
				bad("missing field %q", fld.key)
			}
		}
		if e.Shape != "" && !slices.Contains(Shapes, e.Shape) {
			bad("unknown shape %q (want one of %s)", e.Shape, strings.Join(Shapes, ", "))
		}
		if graphs, ok := Graphs[e.Collection]; e.Collection != "" && !ok {
			bad("unknown collection %q (want one of %s)", e.Collection, strings.Join(Collections, ", "))
		} else if ok && e.Graph != "" && !slices.Contains(graphs, e.Graph) {
			bad("graph %q is not a graph of collection %s (want one of %s)", e.Graph, e.Collection, strings.Join(graphs, ", "))
		}
		if e.ID != "" {
			if j, dup := ids[e.ID]; dup {
				bad("ID %q is also the ID of question %d", e.ID, j)
			}
			ids[e.ID] = i + 1
		}
		if t := strings.TrimSpace(e.Question); t != "" {
			if j, dup := texts[t]; dup {
				bad("the same question as question %d", j)
			}
			texts[t] = i + 1
		}
		if strings.TrimSpace(e.SPARQL) != "" {
			if _, err := sparql.Parse(e.SPARQL); err != nil {
				bad("gold query does not parse: %v", err)
			}
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return f.Questions, nil
}

// InCollection returns the entries of one collection, in file order.
func InCollection(entries []Entry, collection string) []Entry {
	var out []Entry
	for _, e := range entries {
		if e.Collection == collection {
			out = append(out, e)
		}
	}
	return out
}

// Gold runs an entry's gold query on its graph in coll. It fails when the
// graph is not in coll, when the query fails, and when the answer is
// empty (a SELECT without rows): every gold answer of the suite is
// non-empty.
func Gold(ctx context.Context, e Entry, coll *kg.Collection) (*sparql.Results, error) {
	g, ok := coll.Graph(e.Graph)
	if !ok {
		return nil, fmt.Errorf("fresh: %s: graph %q is not in the collection", e.ID, e.Graph)
	}
	res, err := g.Query(ctx, e.SPARQL)
	if err != nil {
		return nil, fmt.Errorf("fresh: %s: gold query on graph %s: %w", e.ID, e.Graph, err)
	}
	if res.Boolean == nil && len(res.Rows) == 0 {
		return nil, fmt.Errorf("fresh: %s: gold query on graph %s: empty answer", e.ID, e.Graph)
	}
	return res, nil
}

// Questions turns entries into questions for [qa.Run] over coll: each
// with its gold answer ([Gold]) and the others its gold query admits
// ([qa.ResolveTies]), its gold graph and query, and its shape as
// Operation (so the report's by_operation is EA by shape). Any gold
// failure is an error.
func Questions(ctx context.Context, entries []Entry, coll *kg.Collection) ([]qa.Question, error) {
	qs := make([]qa.Question, 0, len(entries))
	for _, e := range entries {
		ans, err := Gold(ctx, e, coll)
		if err != nil {
			return nil, err
		}
		qs = append(qs, qa.Question{ID: e.ID, Text: e.Question, Graph: e.Graph, Query: e.SPARQL, Answer: ans, Operation: e.Shape})
	}
	if _, err := qa.ResolveTies(ctx, qs, coll, 0); err != nil {
		return nil, err
	}
	return qs, nil
}
