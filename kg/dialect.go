package kg

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// ServerSoftware is the Server header of "schemaforge endpoint" (and of any
// handler built with [NewHandler]); [HTTPEndpoint.DetectDialect] reads it
// as standard SPARQL 1.1.
const ServerSoftware = "go-schemaforge"

// virtuosoAskVar is the variable Virtuoso 7 binds when it answers an ASK
// query with a one-row table instead of a boolean.
const virtuosoAskVar = "__ASK_RETVAL"

// dialectFromServer maps a Server header to a dialect, nil when the header
// names no engine we know.
func dialectFromServer(server string) *sparql.Dialect {
	s := strings.ToLower(server)
	switch {
	case s == "":
		return nil
	case strings.Contains(s, "virtuoso"):
		return sparql.Virtuoso
	case strings.Contains(s, "fuseki"), strings.Contains(s, "jena"):
		return sparql.Fuseki
	case strings.Contains(s, "graphdb"):
		return sparql.GraphDB
	case strings.Contains(s, "qlever"):
		return sparql.QLever
	case strings.Contains(s, "oxigraph"):
		return sparql.Oxigraph
	case strings.Contains(s, "blazegraph"):
		return sparql.Blazegraph
	case strings.HasPrefix(s, ServerSoftware):
		return sparql.SPARQL11
	}
	return nil
}

// dialectFromURL maps well-known endpoint addresses to a dialect, nil when
// the URL says nothing.
func dialectFromURL(u *url.URL) *sparql.Dialect {
	host, path := strings.ToLower(u.Hostname()), strings.ToLower(u.Path)
	switch {
	case host == "query.wikidata.org":
		return sparql.Wikidata
	case host == "dbpedia.org" || strings.HasSuffix(host, ".dbpedia.org"):
		return sparql.Virtuoso
	case strings.Contains(path, "/bigdata/") || strings.Contains(path, "/blazegraph/"):
		return sparql.Blazegraph
	case strings.Contains(path, "/repositories/"):
		return sparql.GraphDB
	}
	return nil
}

// DefaultDetectTimeout bounds the probe of [HTTPEndpoint.DetectDialect].
const DefaultDetectTimeout = 10 * time.Second

// DetectDialect finds out which engine serves the endpoint: from its
// Server header, else from the shape of its answer to the probe query
// "ASK {}" (Virtuoso 7 answers with a table binding __ASK_RETVAL), else
// from well-known addresses (query.wikidata.org, /bigdata/ …). It sends
// one request, with no retry, within DefaultDetectTimeout. It returns the
// dialect and the evidence in words; when nothing gives the engine away,
// [sparql.Generic]. The error is that of the probe request; the dialect
// is then still the best guess (from the URL, else Generic).
func (e *HTTPEndpoint) DetectDialect(ctx context.Context) (*sparql.Dialect, string, error) {
	guess, why := sparql.Generic, "no Server header or answer names the engine"
	if d := dialectFromURL(e.url); d != nil {
		guess, why = d, "the endpoint's address"
	}
	ctx, cancel := context.WithTimeout(ctx, min(e.timeout, DefaultDetectTimeout))
	defer cancel()
	const probe = "ASK {}"
	req, err := e.newRequest(ctx, probe, sparql.Ask)
	if err != nil {
		return guess, why, err
	}
	resp, err := e.client.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return guess, why, fmt.Errorf("kg: endpoint %s: dialect probe: %w", e.redacted, err)
	}
	defer closeBody(resp.Body, true)
	server := resp.Header.Get("Server")
	if d := dialectFromServer(server); d != nil {
		return d, fmt.Sprintf("Server header %q", server), nil
	}
	if resp.StatusCode >= 200 && resp.StatusCode <= 299 {
		body := &capReader{r: resp.Body, left: 1 << 20}
		res, err := readReply(ctx, body, resp.Header.Get("Content-Type"), sparql.Ask, e.redacted)
		if err == nil && !res.IsAsk() && len(res.Vars) == 1 && res.Vars[0] == virtuosoAskVar {
			return sparql.Virtuoso, "ASK answered with a " + virtuosoAskVar + " table", nil
		}
	}
	return guess, why, nil
}

// virtuosoAsk turns Virtuoso's table answer to an ASK query (one variable
// __ASK_RETVAL, one row with 1 or 0, or no row) into a boolean; other
// results are returned as they are.
func virtuosoAsk(res *sparql.Results, form sparql.QueryForm) *sparql.Results {
	if form != sparql.Ask || res == nil || res.IsAsk() || res.IsGraph() || len(res.Vars) != 1 || res.Vars[0] != virtuosoAskVar || len(res.Rows) > 1 {
		return res
	}
	b := false
	if len(res.Rows) == 1 {
		if l, ok := res.Rows[0][virtuosoAskVar].(*sparql.Literal); ok {
			b = l.Lexical != "0" && l.Lexical != "false"
		}
	}
	return &sparql.Results{Boolean: &b}
}

// serverHeader sets the Server header of the "schemaforge endpoint"
// handler.
func serverHeader(h http.Header) { h.Set("Server", ServerSoftware) }
