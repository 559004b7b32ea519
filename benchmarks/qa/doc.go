// Package qa measures question answering end to end: it asks a
// benchmark's questions of the whole pipeline (any [Asker]; a
// *schemaforge.Pipeline is one) and scores the answers, the queries behind
// them and the decisions recorded in their traces.
//
// The figures, as SchemaForge defines them (shares in [0, 1]):
//
//   - EA: exact answer-set match after canonicalisation ([SameAnswers]:
//     rows as sets of canonical values, numbers by value, variable names
//     and column order ignored; ASK by the boolean), over the questions
//     with a gold answer. When the gold query slices an ordered answer
//     (ORDER BY with LIMIT or OFFSET) and rows tie on the sort keys at an
//     edge of the slice, any pick among the tied rows is right
//     ([Question.Right], [Ties]): SPARQL leaves their order open.
//   - QSC: the share of questions for which the system produced a query
//     that parses ([ProducedQueries]: the accepted queries the answer
//     came from, else the best verified candidate of each subgoal).
//   - TF1: micro F1 of the WHERE-clause triple patterns of the produced
//     queries against the gold query's ([TripleCounts]; variable names
//     and FILTERs ignored), summed over questions.
//   - MF1: the per-question F1 of answer rows ([RowF1]), averaged.
//   - F1 and NDCG: the TEXT2SPARQL challenge's measures ([SetF1],
//     pytrec_eval's set_F over answer values, averaged over questions;
//     [NDCG] over the questions whose order matters).
//   - Top-1, Top-3 and the Top-k curve (k = 1…10): the rank of the gold
//     graph in the allocation of the final subgoal, read from the
//     answer's trace ([GoldRank]).
//   - Reject rate and repair rate: the shares of verified candidates
//     (records) that were rejected, and that carry deterministic repairs.
//   - LLM calls and tokens per question, from the model's usage.
//   - Latency p50 and p95 of a question, and EA by the gold query's
//     operation ([GoldOperation]).
//   - Confidence (the answers' [handoff.Answer.Confidence] and Verified,
//     over the questions with a gold answer; an unanswered one counts at
//     confidence 0, not verified, wrong): verified precision and coverage
//     ([SelectivePrecision]), precision at 25/50/75/100 % coverage
//     ([PrecisionAtCoverage]), AURC ([RiskCoverage], [AURC]) and ECE
//     over 10 bins ([ReliabilityBins], [ECE]). These functions read plain
//     slices, for use on other data than a run's.
//   - EA's uncertainty: a 95 % percentile bootstrap interval over the
//     questions ([ShareCI], [Bootstrap]: 2,000 resamples, seed 1), and
//     for two configurations on the same questions the paired interval
//     of their difference ([Compare], [PairedDiffCI]).
//
// Loaders read Spider4SPARQL ([LoadSpider]), TEXT2SPARQL
// ([LoadText2SPARQL]), QALD ([LoadQALD]) and LC-QuAD ([LoadLCQuAD]);
// [Run] asks the questions concurrently and deterministically orders the
// results and shows progress (a bar with the rate and ETA, or a plain
// line every [DefaultProgressEvery] questions); [Sweep] repeats a run
// over the verifier's θ × m grid; [RunAblations] repeats it once per
// ablation; [WriteReport] writes a markdown report with SVG plots drawn
// with gonum.org/v1/plot, each with a legend.
package qa
