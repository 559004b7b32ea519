//go:build race

package store

// raceEnabled: the race detector multiplies memory use, so peak-RSS checks
// are not meaningful.
const raceEnabled = true
