package kg

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store"
)

// Config describes a collection in a YAML or JSON file:
//
//	graphs:
//	  - id: people                 # files loaded into an embedded store
//	    files: [people.ttl, extra.nt.gz]   # relative to the config file
//	    description: People and the places they live in.
//	  - id: dbpedia                # a remote SPARQL 1.1 endpoint
//	    endpoint: https://dbpedia.org/sparql
//	    named_graph: http://dbpedia.org
//	    headers: {Authorization: "Bearer ${DBPEDIA_TOKEN}"}
//	    timeout: 30s
//	    version: "2016-10"         # caches its summary under this version
//	    dialect: virtuoso          # the engine (default: detected by a probe)
//	    void: dbpedia-void.ttl     # counts from a VoID description
//	  - dir: spider/               # one graph per RDF file in a directory
//
// Unknown fields are errors, so a misspelt key does not pass silently.
// Header values expand ${VAR} from the environment.
type Config struct {
	Graphs []GraphConfig `yaml:"graphs" json:"graphs"`
}

// GraphConfig is one entry of a [Config]: exactly one of Files, Endpoint
// and Dir.
type GraphConfig struct {
	// ID names the graph (default for Files: the first file's name
	// without extensions; required for Endpoint; not allowed with Dir).
	ID          string `yaml:"id" json:"id"`
	Description string `yaml:"description" json:"description"`
	// Files are RDF files loaded into one embedded store.
	Files []string `yaml:"files" json:"files"`
	// Dir is a directory of RDF files, one graph per file.
	Dir string `yaml:"dir" json:"dir"`
	// Endpoint is the URL of a SPARQL 1.1 Protocol endpoint.
	Endpoint string `yaml:"endpoint" json:"endpoint"`
	// NamedGraph scopes the graph's queries to this named graph (and,
	// with Files, loads the data into it).
	NamedGraph string `yaml:"named_graph" json:"named_graph"`
	// Headers are sent with every request to Endpoint (values expand
	// ${VAR} from the environment).
	Headers map[string]string `yaml:"headers" json:"headers"`
	// Timeout bounds each request to Endpoint ("30s"; default the HTTP
	// client's).
	Timeout string `yaml:"timeout" json:"timeout"`
	// VoID is a VoID file (Turtle, N-Triples…) describing the graph's
	// class and property partitions; summaries take counts from it.
	VoID string `yaml:"void" json:"void"`
	// Version is the fingerprint of a remote graph's content; summaries of
	// remote graphs are cached only when it is set.
	Version string `yaml:"version" json:"version"`
	// Dialect names the engine behind Endpoint: virtuoso, jena (or
	// fuseki), graphdb, qlever, oxigraph, blazegraph, wikidata, generic or
	// sparql11. Empty or "auto" detects it when the config is loaded
	// ([HTTPEndpoint.DetectDialect]: one probe request). Queries are
	// printed in the form the engine accepts ([Graph.Target]).
	Dialect string `yaml:"dialect" json:"dialect"`
	// TextSearch is how the graph's values are searched for linking:
	// "index" (the default: an in-process index built over SPARQL,
	// which works on any endpoint) or "engine" (the engine's own
	// full-text index, chosen by the dialect: [EngineTextSearch]).
	TextSearch string `yaml:"text_search" json:"text_search"`
}

// ParseConfig reads a collection config; format is "yaml" or "json"
// ("" sniffs: JSON when the first non-space byte is '{').
func ParseConfig(data []byte, format string) (*Config, error) {
	if format == "" {
		format = "yaml"
		if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '{' {
			format = "json"
		}
	}
	var c Config
	switch format {
	case "json":
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&c); err != nil {
			return nil, fmt.Errorf("collection config (JSON): %w", err)
		}
	case "yaml":
		dec := yaml.NewDecoder(bytes.NewReader(data))
		dec.KnownFields(true)
		if err := dec.Decode(&c); err != nil {
			return nil, fmt.Errorf("collection config (YAML): %w", err)
		}
	default:
		return nil, fmt.Errorf("collection config: unknown format %q (want yaml or json)", format)
	}
	for i, g := range c.Graphs {
		n := 0
		for _, set := range []bool{len(g.Files) > 0, g.Dir != "", g.Endpoint != ""} {
			if set {
				n++
			}
		}
		where := fmt.Sprintf("collection config: graph %d", i+1)
		if g.ID != "" {
			where += fmt.Sprintf(" (%s)", g.ID)
		}
		switch {
		case n != 1:
			return nil, fmt.Errorf("%s: give exactly one of files, dir and endpoint", where)
		case g.Endpoint != "" && g.ID == "":
			return nil, fmt.Errorf("%s: an endpoint graph needs an id", where)
		case g.Dir != "" && (g.ID != "" || g.NamedGraph != "" || g.Description != "" || g.VoID != ""):
			return nil, fmt.Errorf("%s: dir takes no id, named_graph, description or void (each file is a graph)", where)
		case g.Endpoint == "" && (len(g.Headers) > 0 || g.Timeout != "" || g.Version != "" || g.Dialect != "" || g.TextSearch != ""):
			return nil, fmt.Errorf("%s: headers, timeout, version, dialect and text_search apply to endpoints only", where)
		case g.TextSearch != "" && g.TextSearch != "index" && g.TextSearch != "engine":
			return nil, fmt.Errorf("%s: unknown text_search %q (want index or engine)", where, g.TextSearch)
		}
		if g.Dialect != "" && g.Dialect != "auto" {
			if _, ok := sparql.DialectByName(g.Dialect); !ok {
				return nil, fmt.Errorf("%s: unknown dialect %q (want auto or one of %s)", where, g.Dialect, strings.Join(sparql.DialectNames, ", "))
			}
		}
		if g.Timeout != "" {
			if d, err := time.ParseDuration(g.Timeout); err != nil || d <= 0 {
				return nil, fmt.Errorf("%s: bad timeout %q (want a duration such as 30s)", where, g.Timeout)
			}
		}
	}
	return &c, nil
}

// LoadConfig reads a YAML (.yaml, .yml) or JSON (.json) collection config
// and loads its graphs: file graphs into embedded stores (concurrently,
// o.Concurrency at a time), endpoint graphs as HTTP clients. Relative
// paths are relative to the config file.
func LoadConfig(ctx context.Context, path string, o LoadOptions) (*Collection, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("kg: %w", err)
	}
	format := ""
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json":
		format = "json"
	case ".yaml", ".yml":
		format = "yaml"
	}
	c, err := ParseConfig(data, format)
	if err != nil {
		return nil, fmt.Errorf("kg: %s: %w", path, err)
	}
	coll, err := c.Load(ctx, filepath.Dir(path), o)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return coll, nil
}

// Load builds the collection the config describes; relative paths are
// resolved against dir.
func (c *Config) Load(ctx context.Context, dir string, o LoadOptions) (*Collection, error) {
	o = o.withDefaults()
	abs := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(dir, p)
	}
	var specs []FileGraph
	var remote []*Graph
	voids := map[string]string{} // graph ID → VoID file
	for _, g := range c.Graphs {
		if g.VoID != "" {
			id := g.ID
			if id == "" && len(g.Files) > 0 {
				id = GraphID(g.Files[0])
			}
			voids[id] = abs(g.VoID)
		}
		switch {
		case g.Dir != "":
			files, err := RDFFiles(abs(g.Dir))
			if err != nil {
				return nil, err
			}
			if len(files) == 0 {
				return nil, fmt.Errorf("no RDF files in %s", abs(g.Dir))
			}
			for _, f := range files {
				specs = append(specs, FileGraph{ID: GraphID(f), Files: []string{f}})
			}
		case len(g.Files) > 0:
			sp := FileGraph{ID: g.ID, NamedGraph: g.NamedGraph, Description: g.Description}
			for _, f := range g.Files {
				sp.Files = append(sp.Files, abs(f))
			}
			if sp.ID == "" {
				sp.ID = GraphID(sp.Files[0])
			}
			specs = append(specs, sp)
		default:
			gr, err := g.remote(ctx, o)
			if err != nil {
				return nil, err
			}
			remote = append(remote, gr)
		}
	}
	coll, err := LoadFiles(ctx, o, specs...)
	if err != nil {
		return nil, err
	}
	for _, gr := range remote {
		if err := coll.Add(gr); err != nil {
			return nil, err
		}
	}
	if coll.Len() == 0 {
		return nil, errors.New("the config lists no graphs")
	}
	for id, path := range voids {
		g, _ := coll.Graph(id)
		st := store.New(o.StoreOptions...)
		if err := st.LoadFile(ctx, path, ""); err != nil {
			return nil, fmt.Errorf("graph %s: VoID: %w", id, err)
		}
		g.VoID = st
	}
	return coll, nil
}

// remote builds the Graph of an endpoint entry, detecting its dialect
// unless the entry names one.
func (g *GraphConfig) remote(ctx context.Context, o LoadOptions) (*Graph, error) {
	opts := append([]HTTPOption(nil), o.HTTPOptions...)
	for k, v := range g.Headers {
		opts = append(opts, WithHeader(k, os.ExpandEnv(v)))
	}
	if g.Timeout != "" {
		d, _ := time.ParseDuration(g.Timeout) // checked by ParseConfig
		opts = append(opts, WithRequestTimeout(d))
	}
	ep, err := NewHTTPEndpoint(g.Endpoint, opts...)
	if err != nil {
		return nil, fmt.Errorf("graph %s: %w", g.ID, err)
	}
	fp := ""
	if g.Version != "" {
		fp = "version:" + g.Endpoint + "|" + g.NamedGraph + "|" + g.Version
	}
	target, ok := sparql.DialectByName(g.Dialect)
	if g.Dialect == "" || g.Dialect == "auto" || !ok {
		var why string
		target, why, err = ep.DetectDialect(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil, fmt.Errorf("graph %s: %w", g.ID, err)
			}
			o.Logger.Warn("kg: endpoint dialect not detected; the guess stands", "graph", g.ID, "dialect", target.Name, "why", why, "err", err)
		} else {
			o.Logger.Info("kg: endpoint dialect", "graph", g.ID, "dialect", target.Name, "evidence", why)
		}
	}
	gr := &Graph{
		ID:          g.ID,
		Endpoint:    ep,
		NamedGraph:  g.NamedGraph,
		Description: g.Description,
		Source:      ep.URL(),
		Fingerprint: fp,
		Target:      target,
		Logger:      o.Logger,
	}
	if g.TextSearch == "engine" {
		ts, err := EngineTextSearch(gr)
		if err != nil {
			return nil, err
		}
		gr.TextSearch = ts
	}
	return gr, nil
}

// Open loads a collection from a directory of RDF files ([LoadDir]) or a
// YAML/JSON config file ([LoadConfig]), whichever path is.
func Open(ctx context.Context, path string, o LoadOptions) (*Collection, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("kg: %w", err)
	}
	if fi.IsDir() {
		return LoadDir(ctx, path, o)
	}
	return LoadConfig(ctx, path, o)
}

// Merge adds the graphs of other to c; it fails on a duplicate ID.
func (c *Collection) Merge(other *Collection) error {
	for _, g := range other.graphs {
		if err := c.Add(g); err != nil {
			return err
		}
	}
	return nil
}
