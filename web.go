package schemaforge

import (
	"embed"
	"io/fs"
	"net/http"
	"runtime/debug"
	"slices"

	"github.com/schemaforge/go-schemaforge/kg"
)

// webFiles holds the web page that [Pipeline.Handler] serves at / (plain
// HTML, CSS and JavaScript, no framework and nothing fetched from another
// origin) and the OpenAPI description of the handler's routes.
//
//go:embed web/index.html web/app.js web/style.css web/openapi.json
var webFiles embed.FS

// webFS is webFiles without the web/ prefix.
var webFS = mustSub(webFiles, "web")

func mustSub(f fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(f, dir)
	if err != nil {
		panic("schemaforge: the embedded web files: " + err.Error()) // only if the embed pattern changes
	}
	return sub
}

// pageSecurityPolicy keeps the page to its own origin: scripts, styles and
// requests go to the server that served it, and nothing inline runs.
const pageSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// setPageHeaders sets the headers of the page and its assets.
func setPageHeaders(w http.ResponseWriter) {
	w.Header().Set("Content-Security-Policy", pageSecurityPolicy)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", "no-referrer")
	w.Header().Set("Cache-Control", "no-cache")
}

// root serves GET /: the web page when the request has no query string,
// else the TEXT2SPARQL API.
func (h *handler) root(w http.ResponseWriter, r *http.Request) {
	if r.URL.RawQuery != "" {
		h.text2sparql(w, r)
		return
	}
	setPageHeaders(w)
	http.ServeFileFS(w, r, webFS, "index.html")
}

// asset serves GET /assets/{file}: the page's script and style sheet.
func (h *handler) asset(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("file")
	if name != "app.js" && name != "style.css" {
		httpError(w, http.StatusNotFound, "no asset %q", name)
		return
	}
	setPageHeaders(w)
	http.ServeFileFS(w, r, webFS, name)
}

// openAPI serves GET /openapi.json.
func (h *handler) openAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Access-Control-Allow-Origin", "*")
	http.ServeFileFS(w, r, webFS, "openapi.json")
}

// health serves GET /health.
func (h *handler) health(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"ok": true, "graphs": h.p.Collection().Len(), "version": h.o.Version})
}

// examples serves GET /examples: the example questions and the graphs
// they are asked of.
func (h *handler) examples(w http.ResponseWriter, _ *http.Request) {
	ids := []string{}
	for _, g := range h.p.Collection().Graphs() {
		ids = append(ids, g.ID)
	}
	ex := h.o.Examples
	if ex == nil {
		ex = []string{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"examples": ex, "graphs": ids})
}

// sparqlEndpoints builds the read-only SPARQL 1.1 Protocol handler of each
// graph of p, with the handler's question timeout as the query timeout.
func sparqlEndpoints(p *Pipeline, o HandlerOptions) map[string]http.Handler {
	out := map[string]http.Handler{}
	for _, g := range p.Collection().Graphs() {
		out[g.ID] = kg.NewHandler(g, kg.WithQueryTimeout(o.Timeout), kg.WithHandlerLogger(o.Logger))
	}
	return out
}

// sparql serves GET /sparql/{graph}?query=…: the graph's read-only SPARQL
// endpoint, admitted as a question is (it takes a slot and its memory).
func (h *handler) sparql(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("graph")
	ep, ok := h.endpoints[id]
	if !ok {
		known := make([]string, 0, len(h.endpoints))
		for k := range h.endpoints {
			known = append(known, k)
		}
		slices.Sort(known)
		httpError(w, http.StatusNotFound, "no graph %q (this server has %v)", id, known)
		return
	}
	release, err := h.adm.Admit(r.Context())
	if err != nil {
		h.busy(w, r, err)
		return
	}
	defer release()
	ep.ServeHTTP(w, r)
}

// buildVersion is the version of the module the binary was built from:
// its module version, or "devel" with the VCS revision (and "+dirty")
// for a build from a work tree; "unknown" without build information.
func buildVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	v := "devel"
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			v += " " + s.Value[:min(len(s.Value), 12)]
		case "vcs.modified":
			if s.Value == "true" {
				v += "+dirty"
			}
		}
	}
	return v
}
