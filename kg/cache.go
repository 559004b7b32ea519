package kg

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
)

// SummaryCache keeps summaries as JSON files in a directory, keyed by a
// hash of the graph's fingerprint, the extractor version and the summary
// options, so an unchanged graph is not summarised again. Graphs without a
// fingerprint are not cached, nor are partial summaries (they may be
// complete next time). A damaged cache file counts as a miss.
type SummaryCache struct {
	// Dir holds the cache files; it is created on the first Save.
	Dir string
	// Logger receives cache misses caused by damaged files (default:
	// discard).
	Logger *slog.Logger
}

// key returns the cache file name for g's summary with options o, or ""
// when g has no fingerprint.
func (c *SummaryCache) key(g *Graph, o SummaryOptions) string {
	if g.Fingerprint == "" {
		return ""
	}
	o = o.withDefaults()
	h := sha256.New()
	fmt.Fprintf(h, "v%d\n%s\n%s\n%d %d %d %d %d %d %t\n", SummaryVersion, g.ID, g.Fingerprint,
		o.MaxClasses, o.MaxProperties, o.SampleSize, o.ExactStatsLimit, o.ValueSamples, o.EntitySamples, o.NoVoID)
	return hex.EncodeToString(h.Sum(nil)[:16]) + ".json"
}

// Load returns the cached summary of g for options o, if there is one.
func (c *SummaryCache) Load(g *Graph, o SummaryOptions) (*Summary, bool) {
	k := c.key(g, o)
	if k == "" {
		return nil, false
	}
	b, err := os.ReadFile(filepath.Join(c.Dir, k))
	if err != nil {
		return nil, false
	}
	var s Summary
	if err := json.Unmarshal(b, &s); err != nil || s.Version != SummaryVersion || s.Fingerprint != g.Fingerprint || s.GraphID != g.ID {
		if c.Logger != nil {
			c.Logger.Warn("ignoring damaged or stale summary cache file", "graph", g.ID, "file", k, "err", err)
		}
		return nil, false
	}
	return &s, true
}

// Save writes s as the cached summary of g for options o (atomically:
// a temporary file renamed into place). It does nothing for a graph
// without fingerprint or a partial summary.
func (c *SummaryCache) Save(g *Graph, o SummaryOptions, s *Summary) error {
	k := c.key(g, o)
	if k == "" || s.Partial {
		return nil
	}
	if err := os.MkdirAll(c.Dir, 0o755); err != nil {
		return fmt.Errorf("summary cache: %w", err)
	}
	b, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("summary cache: encode %s: %w", g.ID, err)
	}
	tmp, err := os.CreateTemp(c.Dir, ".tmp-*")
	if err != nil {
		return fmt.Errorf("summary cache: %w", err)
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("summary cache: write %s: %w", tmp.Name(), err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("summary cache: write %s: %w", tmp.Name(), err)
	}
	if err := os.Rename(tmp.Name(), filepath.Join(c.Dir, k)); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("summary cache: %w", err)
	}
	return nil
}
