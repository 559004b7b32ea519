// End-to-end check of the page of `schemaforge serve`, run by
// TestWebPageInChromium: headless Chromium driven by playwright-core asks a
// question on the page and looks for the answer, the SPARQL, the run link
// and the trace; it saves a screenshot.
//
// usage: node web_e2e.cjs BASE_URL QUESTION ANSWER_TEXT QUERY_TEXT GRAPH SCREENSHOT
// env:   SCHEMAFORGE_CHROMIUM (default /usr/bin/chromium); playwright-core
//        is found through NODE_PATH.
"use strict";

const { chromium } = require("playwright-core");

const [base, question, answerText, queryText, graph, screenshot] = process.argv.slice(2);
if (!screenshot) {
  console.error("usage: node web_e2e.cjs BASE_URL QUESTION ANSWER_TEXT QUERY_TEXT GRAPH SCREENSHOT");
  process.exit(2);
}

function check(cond, what) {
  if (!cond) throw new Error("page check failed: " + what);
}

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.SCHEMAFORGE_CHROMIUM || "/usr/bin/chromium",
    headless: true,
    // The flags keep Chromium off the network it cannot reach (and root
    // needs --no-sandbox).
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
  const problems = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => problems.push("page error: " + e.message));
    page.on("console", (m) => { if (m.type() === "error") problems.push("console error: " + m.text()); });
    page.on("requestfailed", (r) => problems.push("request failed: " + r.url() + " " + (r.failure() || {}).errorText));

    const t0 = Date.now();
    await page.goto(base, { waitUntil: "load" });
    // The examples come from GET /examples.
    await page.locator("#example-buttons button").first().waitFor({ timeout: 10000 });
    const examples = await page.locator("#example-buttons button").count();
    check(examples > 0, "the page shows example questions");

    await page.fill("#question", question);
    await page.click("#ask");
    await page.locator("#answer").waitFor({ state: "visible", timeout: 60000 });
    await page.waitForFunction(() => document.getElementById("status").textContent.startsWith("Answered"), null, { timeout: 60000 });
    const askedMs = Date.now() - t0;

    const table = await page.locator("#answer-table table").innerText();
    check(table.includes(answerText), `the answer table ${JSON.stringify(table)} shows ${JSON.stringify(answerText)}`);
    const verdict = await page.locator("#verdict").innerText();
    check(/verified/.test(verdict) && /confidence \d+%/.test(verdict), `the verdict ${JSON.stringify(verdict)} says verified or not, with the confidence`);

    const sparql = await page.locator("#queries pre.sparql").first().innerText();
    check(sparql.includes(queryText), `the SPARQL shows ${JSON.stringify(queryText)}`);
    const keywords = await page.locator("#queries pre.sparql .tok-k").count();
    check(keywords > 0, "the SPARQL is highlighted");
    const shownGraph = await page.locator("#queries code.graph").first().innerText();
    check(shownGraph === graph, `the query ran on graph ${graph}, the page says ${shownGraph}`);

    // The run link runs the same query on the graph's endpoint.
    const href = await page.locator("#queries a.run").first().getAttribute("href");
    check(href.startsWith("sparql/" + graph + "?query="), `the run link ${href}`);
    const run = await page.request.get(new URL(href, base).toString());
    const runBody = await run.text();
    check(run.ok() && runBody.includes(answerText), `the run link answers ${run.status()} ${runBody.slice(0, 200)}`);

    // The copy button puts the query on the clipboard.
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(base).origin });
    await page.locator("#queries button.copy").first().click();
    await page.locator("#queries .copied").first().filter({ hasText: "copied" }).waitFor({ timeout: 5000 });
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    check(clip.includes(queryText), "the copy button copies the query");

    // The trace, folded by stage.
    const stages = await page.locator("#trace > div > details > summary").allInnerTexts();
    for (const s of ["Decompose", "Allocate", "Synthesize", "Verify", "Integrate"]) {
      check(stages.some((t) => t.startsWith(s)), `the trace has the stage ${s} (has ${JSON.stringify(stages)})`);
    }
    for (const d of await page.locator("#trace details").all()) {
      await d.evaluate((e) => { e.open = true; });
    }
    const scores = await page.locator("#trace table.scores").first().innerText();
    check(scores.includes(graph) && scores.includes("✓"), "the allocation scores show the selected graph");
    const checks = await page.locator("#trace ul.checks li").count();
    check(checks > 0, "the candidates show their checks");
    const perts = await page.locator("#trace table.perturbations").first().innerText();
    check(/\b0\.\d{3}\b|\b1\.000\b/.test(perts), "the perturbations show their Jaccard");
    const commits = await page.locator("#trace table.commitments").first().innerText();
    check(/met/.test(commits), "the commitments show met or missed");
    // The screenshot shows the allocation and the accepted candidate's
    // verification; the rest folded.
    await page.evaluate(() => {
      const all = document.querySelectorAll("#trace details");
      all.forEach((d) => { d.open = false; });
      const stages = document.querySelectorAll("#trace > div > details");
      stages[1].open = true;
      stages[3].open = true;
      document.querySelectorAll("#trace details.accepted").forEach((d) => { d.open = true; });
    });

    await page.screenshot({ path: screenshot, fullPage: true });

    // An example question with several subgoals (one of them a set
    // operation without records of its own), asked by its button: one
    // query block per accepted query, and the trace still renders.
    await page.evaluate(() => { document.getElementById("examples").open = true; });
    await page.locator("#example-buttons button", { hasText: "in both" }).first().click();
    await page.waitForFunction(() => /^(Answered|The )/.test(document.getElementById("status").textContent) &&
      !document.getElementById("ask").disabled, null, { timeout: 60000 });
    const status2 = await page.locator("#status").innerText();
    check(status2.startsWith("Answered"), `the example question was answered (status ${JSON.stringify(status2)})`);
    const blocks = await page.locator("#queries pre.sparql").count();
    check(blocks >= 2, `one query block per accepted query (${blocks})`);
    check((await page.locator("#trace > div > details").count()) === 6, "the trace of the example question renders");
    check(problems.length === 0, "no errors in the page: " + problems.join("; "));
    console.log(JSON.stringify({ ok: true, examples, askedMs, stages, screenshot }));
  } finally {
    await browser.close();
  }
})().catch((e) => {
  console.error(e && e.stack ? e.stack : String(e));
  process.exit(1);
});
