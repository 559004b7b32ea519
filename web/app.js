// The page of `schemaforge serve`: asks POST ask and shows the answer, its
// SPARQL and its trace. Every value from the server is inserted as text
// (textContent, text nodes, attributes), never parsed as HTML.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);

  // el builds an element: el("td", {className: "num"}, "text", child…).
  function el(tag, props, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props || {})) {
      if (k === "className") e.className = v;
      else if (k === "text") e.textContent = v;
      else e.setAttribute(k, v);
    }
    for (const c of children) {
      if (c === null || c === undefined || c === false) continue;
      e.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return e;
  }

  const fmt = (x, digits = 3) => (typeof x === "number" && isFinite(x) ? x.toFixed(digits) : "–");
  const pct = (x) => (typeof x === "number" ? Math.round(x * 100) + "%" : "–");

  // table builds a table from a header and rows of cells (strings or nodes).
  function table(header, rows, className) {
    const t = el("table", { className: className || "" });
    t.append(el("thead", {}, el("tr", {}, ...header.map((h) => el("th", {}, h)))));
    const body = el("tbody");
    for (const r of rows) body.append(el("tr", {}, ...r.map((c) => el("td", {}, c))));
    t.append(body);
    return t;
  }

  function fold(title, open, ...children) {
    const d = el("details", {}, el("summary", {}, title), ...children);
    d.open = !!open;
    return d;
  }

  // --- SPARQL highlighting: a small tokenizer, each token a text span ---

  const KEYWORDS = new Set(("select distinct reduced as where from named prefix base optional union minus graph " +
    "service bind values filter not exists in order by asc desc limit offset group having count sum min max avg " +
    "sample group_concat separator ask construct describe a true false str lang langmatches datatype bound iri uri " +
    "bnode rand abs ceil floor round concat strlen ucase lcase encode_for_uri contains strstarts strends strbefore " +
    "strafter year month day hours minutes seconds timezone tz now uuid struuid md5 sha1 sha256 sha384 sha512 " +
    "coalesce if strlang strdt sameterm isiri isuri isblank isliteral isnumeric regex substr replace undef").split(" "));

  const TOKEN = new RegExp([
    "(#[^\\n]*)", // 1 comment
    "(\"\"\"[\\s\\S]*?\"\"\"|'''[\\s\\S]*?'''|\"(?:[^\"\\\\\\n]|\\\\.)*\"|'(?:[^'\\\\\\n]|\\\\.)*')", // 2 string
    "(<[^<>\"{}|^`\\\\\\s]*>)", // 3 IRI
    "([?$][\\w\\u00b7-\\uffff]+)", // 4 variable
    "((?:[A-Za-z][\\w.-]*)?:[\\w.%-]*[\\w%-]|(?:[A-Za-z][\\w.-]*)?:)", // 5 prefixed name
    "(\\^\\^|@[A-Za-z]+(?:-[A-Za-z0-9]+)*)", // 6 datatype or language tag
    "([+-]?(?:\\d+\\.?\\d*(?:[eE][+-]?\\d+)?|\\.\\d+))", // 7 number
    "([A-Za-z_]\\w*)", // 8 word
  ].join("|"), "gy");
  const CLASSES = [null, "c", "s", "i", "v", "p", "t", "n", null];

  function highlight(query) {
    const out = document.createDocumentFragment();
    let plain = "";
    const flush = () => { if (plain) { out.append(document.createTextNode(plain)); plain = ""; } };
    let i = 0;
    while (i < query.length) {
      TOKEN.lastIndex = i;
      const m = TOKEN.exec(query);
      if (!m) { plain += query[i++]; continue; }
      let cls = null;
      for (let g = 1; g < m.length; g++) {
        if (m[g] === undefined) continue;
        cls = CLASSES[g];
        if (g === 8 && KEYWORDS.has(m[g].toLowerCase())) cls = "k";
        break;
      }
      if (cls) { flush(); out.append(el("span", { className: "tok-" + cls }, m[0])); }
      else plain += m[0];
      i += m[0].length;
    }
    flush();
    return out;
  }

  // --- the answer table ---

  // termText is a result term as a reader sees it: a literal's value with
  // its language, an IRI or a blank node as written.
  function termText(t) {
    if (!t) return "";
    if (t.type === "literal" && t["xml:lang"]) return t.value + " @" + t["xml:lang"];
    if (t.type === "bnode") return "_:" + t.value;
    return t.value;
  }

  function answerTable(ans) {
    const res = ans.results;
    if (!res) return el("p", { className: "none" }, "No answer. " + (ans.noAnswer || ""));
    if (typeof res.boolean === "boolean") return el("p", { className: "bool" }, res.boolean ? "Yes" : "No");
    const vars = (res.head && res.head.vars) || [];
    const rows = (res.results && res.results.bindings) || [];
    if (rows.length === 0) return el("p", { className: "none" }, "The answer is empty (no rows).");
    const shown = readableRows(ans, vars, rows);
    return table(vars, shown.map((r) => r.map((c) => {
      const span = el("span", { className: c.iri ? "iri" : "" }, c.text);
      if (c.title) span.title = c.title;
      return span;
    })), "answer");
  }

  // readableRows gives each cell its text: the answer's readable table
  // when the server sends one ("table": names of IRIs, values of
  // literals), else the term's value; the term stays in the cell's title.
  function readableRows(ans, vars, rows) {
    const tbl = ans.table && Array.isArray(ans.table.rows) && Array.isArray(ans.table.columns) &&
      ans.table.columns.length === vars.length && ans.table.rows.length === rows.length ? ans.table.rows : null;
    return rows.map((b, i) => vars.map((v, j) => {
      const t = b[v];
      const raw = termText(t);
      const d = tbl && Array.isArray(tbl[i]) ? tbl[i][j] : undefined;
      const iri = !!t && t.type === "uri";
      if (typeof d === "string" && d !== "" && d !== raw) return { text: d, title: raw, iri: false };
      return { text: raw, title: t && t.datatype ? t.datatype : "", iri };
    }));
  }

  // --- the queries ---

  // bestCandidate is the best-scored candidate of any subgoal (the query
  // shown when no query was accepted), as the server's BestQuery picks it.
  function bestCandidate(ans) {
    let best = null;
    for (const recs of Object.values(ans.records || {})) {
      for (const r of recs || []) {
        const c = r.candidate;
        if (!best || c.score > best.score || (c.score === best.score && c.query < best.query)) best = c;
      }
    }
    return best;
  }

  function queryBlock(title, graph, query) {
    const pre = el("pre", { className: "sparql" });
    pre.append(highlight(query));
    const done = el("span", { className: "copied", role: "status" });
    const copy = el("button", { type: "button", className: "copy" }, "Copy");
    copy.addEventListener("click", () => copyText(query, pre, done));
    const run = el("a", { className: "run", target: "_blank", rel: "noopener" }, "Run it on " + graph);
    run.href = "sparql/" + encodeURIComponent(graph) + "?query=" + encodeURIComponent(query);
    return el("div", { className: "query" },
      el("p", { className: "tools" }, title, " on graph ", el("code", { className: "graph" }, graph), " ", run, " ", copy, " ", done),
      pre);
  }

  function copyText(text, pre, done) {
    const ok = () => { done.textContent = "copied"; setTimeout(() => { done.textContent = ""; }, 1500); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(ok, () => selectCopy(pre, ok));
    } else {
      selectCopy(pre, ok);
    }
  }

  function selectCopy(pre, ok) {
    const range = document.createRange();
    range.selectNodeContents(pre);
    const sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    try { if (document.execCommand("copy")) ok(); } catch (e) { /* the text stays selected */ }
  }

  function queries(ans) {
    const box = el("div");
    const prov = ans.provenance || [];
    prov.forEach((p) => box.append(queryBlock("Subgoal " + p.subgoal, p.graph, p.query)));
    if (prov.length === 0) {
      const c = bestCandidate(ans);
      if (c) box.append(queryBlock("Best candidate (not accepted), subgoal " + c.subgoal, c.graph, c.query));
      else box.append(el("p", { className: "none" }, "No query was built."));
    }
    return box;
  }

  // --- the trace, folded by stage ---

  function checkList(checks) {
    return el("ul", { className: "checks" }, ...(checks || []).map((c) =>
      el("li", { className: c.passed ? "ok" : "bad" }, (c.passed ? "✓ " : "✗ ") + c.name, c.detail ? " — " + c.detail : "")));
  }

  function verdictOf(r) {
    if (r.accepted) return "accepted";
    if (r.fallback) return "fallback (not verified)";
    if (r.setAside) return "set aside";
    return "rejected";
  }

  function decomposeStage(ans) {
    const d = ans.decomposition;
    if (!d) return fold("Decompose", false, el("p", {}, "No decomposition."));
    const items = (d.subgoals || []).map((s) => {
      const req = s.requirements || {};
      const parts = [];
      for (const k of ["predicates", "verbs", "types"]) {
        if (req[k] && req[k].length) parts.push(k + ": " + req[k].join(", "));
      }
      if (req.cues && req.cues.length) parts.push("cues: " + req.cues.map((c) => c.kind + " “" + c.text + "”").join(", "));
      return el("li", {}, el("b", {}, s.id), " ", s.text,
        s.operations && s.operations.length ? " [" + s.operations.join(", ") + "]" : "",
        s.dependsOn && s.dependsOn.length ? " (uses " + s.dependsOn.join(", ") + ")" : "",
        parts.length ? el("div", { className: "req" }, parts.join(" · ")) : null);
    });
    return fold("Decompose: " + items.length + " subgoal(s) by " + d.source, false,
      el("ul", {}, ...items), ...(d.notes || []).map((n) => el("p", { className: "note" }, n)));
  }

  function allocateStage(ans) {
    const allocs = ans.allocations || {};
    const ids = Object.keys(allocs).sort();
    const body = ids.map((id) => {
      const a = allocs[id] || {};
      const sel = new Set(a.selected || []);
      const rows = (a.scores || []).map((s) => [s.graph, fmt(s.weak), fmt(s.predicateCoverage), fmt(s.typeCoverage),
        fmt(s.compatibility), fmt(s.strong), fmt(s.final), sel.has(s.graph) ? "✓" : ""]);
      return el("div", { className: "subgoal" }, el("h4", {}, "Subgoal " + id),
        table(["graph", "weak", "predicate cov.", "type cov.", "compat.", "strong", "final", "selected"], rows, "scores"),
        ...(a.notes || []).map((n) => el("p", { className: "note" }, n)));
    });
    return fold("Allocate: scores per graph", false, ...body);
  }

  function sortedRecords(ans) {
    const out = [];
    for (const id of Object.keys(ans.records || {}).sort()) {
      const recs = (ans.records[id] || []).slice().sort((a, b) =>
        a.candidate.graph.localeCompare(b.candidate.graph) || a.candidate.rank - b.candidate.rank);
      out.push([id, recs]);
    }
    return out;
  }

  function synthesizeStage(ans) {
    let n = 0;
    const body = sortedRecords(ans).map(([id, recs]) => el("div", { className: "subgoal" }, el("h4", {}, "Subgoal " + id),
      ...recs.map((r) => {
        const c = r.candidate;
        n++;
        const pre = el("pre", { className: "sparql" });
        pre.append(highlight(c.query));
        return fold("#" + c.rank + " on " + c.graph + " — " + c.skeleton + " (score " + fmt(c.score) + ")", false,
          el("p", {}, "Checks:"), checkList(c.checks),
          el("p", {}, "Repairs: " + (c.repairs && c.repairs.length ? c.repairs.join("; ") : "none")),
          c.chosenBy ? el("p", {}, "Chosen by " + c.chosenBy) : null,
          pre);
      })));
    return fold("Synthesize: " + n + " candidate(s) with their checks and repairs", false, ...body);
  }

  function verifyStage(ans) {
    const body = sortedRecords(ans).map(([id, recs]) => el("div", { className: "subgoal" }, el("h4", {}, "Subgoal " + id),
      ...recs.map((r) => {
        const c = r.candidate;
        const perts = (r.perturbations || []).map((p) => [p.operator, fmt(p.jaccard), String(p.rows), p.error || ""]);
        const commits = (r.commitments || []).map((m) => [m.met ? "✓ met" : "✗ missed", m.kind, m.cue, m.detail || ""]);
        const d = fold("#" + c.rank + " on " + c.graph + ": " + verdictOf(r) + " — confidence " + pct(r.confidence), r.accepted,
          el("p", {}, r.reason),
          el("p", {}, r.rows + " row(s)" + (r.error ? "; error: " + r.error : "") +
            (perts.length ? "; mean Jaccard " + fmt(r.meanJaccard) : "") + (r.grounded ? "; grounded" : "")),
          perts.length ? table(["perturbation", "Jaccard", "rows", "error"], perts, "perturbations") : null,
          commits.length ? table(["", "kind", "cue", "how"], commits, "commitments") : null);
        d.classList.add(r.accepted ? "accepted" : "rejected");
        return d;
      })));
    return fold("Verify: perturbations and commitments", false, ...body);
  }

  function eventsTable(events) {
    return table(["stage", "subgoal", "graph", "message", "numbers"], events.map((e) => [e.stage, e.subgoal || "", e.graph || "", e.message,
      Object.entries(e.numbers || {}).map(([k, v]) => k + "=" + (Number.isInteger(v) ? v : fmt(v))).join(" ")]), "events");
  }

  function integrateStage(ans) {
    const events = ((ans.trace && ans.trace.events) || []).filter((e) => e.stage === "integrate");
    return fold("Integrate", false, el("ul", {}, ...events.map((e) => el("li", {}, e.message))));
  }

  function trace(ans) {
    const all = (ans.trace && ans.trace.events) || [];
    return el("div", {}, decomposeStage(ans), allocateStage(ans), synthesizeStage(ans), verifyStage(ans), integrateStage(ans),
      fold("Every event (" + all.length + ")", false, eventsTable(all)));
  }

  // --- the page ---

  function verdict(ans) {
    const ok = ans.verified;
    return [el("span", { className: "badge " + (ok ? "verified" : "unverified") }, ok ? "verified" : "not verified"),
      " confidence " + pct(ans.confidence)];
  }

  function render(ans, ms) {
    $("verdict").replaceChildren(...verdict(ans));
    $("reasons").replaceChildren(...(ans.reasons || []).map((r) => el("li", {}, r)));
    $("answer-table").replaceChildren(answerTable(ans));
    $("queries").replaceChildren(queries(ans));
    $("trace").replaceChildren(trace(ans));
    $("answer").hidden = false;
    status("Answered in " + ms + " ms.");
  }

  function status(text, bad) {
    const s = $("status");
    s.textContent = text;
    s.className = bad ? "error" : "";
  }

  let inFlight = null;

  async function ask(question) {
    if (inFlight) inFlight.abort();
    const ctl = new AbortController();
    inFlight = ctl;
    const start = performance.now();
    status("Asking…");
    $("ask").disabled = true;
    try {
      const resp = await fetch("ask", {
        method: "POST", signal: ctl.signal,
        headers: { "Content-Type": "application/json", "Accept": "application/json" },
        body: JSON.stringify({ question }),
      });
      let body = null;
      try { body = await resp.json(); } catch (e) { body = null; }
      if (!resp.ok) {
        status("The server answered " + resp.status + ": " + ((body && body.error) || resp.statusText), true);
        return;
      }
      try {
        render(body, Math.round(performance.now() - start));
      } catch (e) {
        status("The answer came but could not be shown: " + e.message, true);
        return;
      }
      history.replaceState(null, "", "#q=" + encodeURIComponent(question));
    } catch (e) {
      if (e.name !== "AbortError") status("The question could not be sent: " + e.message, true);
    } finally {
      if (inFlight === ctl) { inFlight = null; $("ask").disabled = false; }
    }
  }

  async function loadExamples() {
    try {
      const resp = await fetch("examples", { headers: { "Accept": "application/json" } });
      if (!resp.ok) return;
      const body = await resp.json();
      const ex = body.examples || [];
      if (body.graphs && body.graphs.length) $("graphs").textContent = "Graphs: " + body.graphs.join(", ") + ".";
      $("example-list").replaceChildren(...ex.map((q) => el("option", { value: q })));
      $("example-buttons").replaceChildren(...ex.map((q) => {
        const b = el("button", { type: "button", className: "chip" }, q);
        b.addEventListener("click", () => { $("question").value = q; ask(q); });
        return el("li", {}, b);
      }));
      $("examples").hidden = ex.length === 0;
      $("examples").open = ex.length > 0 && !location.hash;
    } catch (e) {
      // the examples are a convenience; the page works without them
    }
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("ask-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      const q = $("question").value.trim();
      if (q) ask(q);
    });
    loadExamples();
    const m = /^#q=(.*)$/.exec(location.hash);
    if (m) {
      let q = "";
      try { q = decodeURIComponent(m[1]); } catch (e) { q = ""; }
      if (q.trim()) {
        $("question").value = q;
        ask(q);
      }
    }
  });
})();
