// Package virtuosotest runs a throwaway OpenLink Virtuoso 7 server for
// integration tests: on free loopback ports, with a temporary database,
// allowed to read the directories of the data it bulk-loads.
//
// Tests call [Require] (or [Start] through [StartT]): when virtuoso-t is
// not installed the test is skipped with a message, unless the environment
// variable SCHEMAFORGE_REQUIRE_VIRTUOSO is 1 (as .ci/run sets it), which
// makes the absence a failure. Debian's package virtuoso-opensource
// provides virtuoso-t and isql-vt.
package virtuosotest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/schemaforge/go-schemaforge/internal/syncbuf"
)

// RequireEnv is the environment variable that turns a missing Virtuoso
// into a test failure ("1") instead of a skip.
const RequireEnv = "SCHEMAFORGE_REQUIRE_VIRTUOSO"

// Programs are the executables the package runs, looked up in PATH.
const (
	ServerProgram = "virtuoso-t"
	ISQLProgram   = "isql-vt"
)

// Find returns the paths of virtuoso-t and isql-vt, or an error naming the
// one that is missing and how to install it.
func Find() (server, isql string, err error) {
	server, err = exec.LookPath(ServerProgram)
	if err != nil {
		return "", "", fmt.Errorf("virtuosotest: %s not found in PATH (install Debian's virtuoso-opensource): %w", ServerProgram, err)
	}
	isql, err = exec.LookPath(ISQLProgram)
	if err != nil {
		return "", "", fmt.Errorf("virtuosotest: %s not found in PATH (install Debian's virtuoso-opensource): %w", ISQLProgram, err)
	}
	return server, isql, nil
}

// Required reports whether the environment asks for Virtuoso tests to
// fail rather than skip when Virtuoso is absent.
func Required() bool { return os.Getenv(RequireEnv) == "1" }

// Require skips tb when Virtuoso is not installed, or fails it when
// [Required]. It returns the paths of virtuoso-t and isql-vt.
func Require(tb testing.TB) (server, isql string) {
	tb.Helper()
	server, isql, err := Find()
	if err != nil {
		if Required() {
			tb.Fatalf("%v (%s=1: Virtuoso integration tests must run)", err, RequireEnv)
		}
		tb.Skipf("skipping the Virtuoso integration test: %v (set %s=1 to make this a failure)", err, RequireEnv)
	}
	return server, isql
}

// Options configure [Start].
type Options struct {
	// DirsAllowed are the directories the server may read files from
	// (the data that [Server.Load] bulk-loads). The database directory is
	// always allowed.
	DirsAllowed []string
	// StartTimeout bounds the wait for the server to come online
	// (default 90 s).
	StartTimeout time.Duration
	// Logger receives start, load and stop events (default: discard).
	Logger *slog.Logger
}

// Server is a running Virtuoso. Its methods are safe for concurrent use;
// Stop ends it.
type Server struct {
	// Dir holds the database, the configuration and the log.
	Dir string
	// SQLAddr and HTTPAddr are the loopback addresses of the SQL (isql)
	// and HTTP listeners.
	SQLAddr, HTTPAddr string

	isql   string
	cmd    *exec.Cmd
	done   chan struct{}   // closed when the process has exited
	output *syncbuf.Buffer // the server's stdout and stderr (the first MiB)
	logger *slog.Logger

	stopOnce sync.Once
	waitErr  error
}

// SPARQLURL is the address of the server's SPARQL endpoint.
func (s *Server) SPARQLURL() string { return "http://" + s.HTTPAddr + "/sparql" }

// Start runs virtuoso-t with a new database in dir (which must exist and
// should be empty) and waits until its SPARQL endpoint answers. The ports
// are free loopback ports; a start that loses a port race is retried.
// Cancelling ctx during the start stops the server.
func Start(ctx context.Context, dir string, o Options) (*Server, error) {
	server, isql, err := Find()
	if err != nil {
		return nil, err
	}
	if o.StartTimeout <= 0 {
		o.StartTimeout = 90 * time.Second
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	var last error
	for try := 1; try <= 3; try++ {
		sub := filepath.Join(dir, "db"+strconv.Itoa(try))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return nil, fmt.Errorf("virtuosotest: %w", err)
		}
		s, err := start(ctx, server, isql, sub, o)
		if err == nil {
			return s, nil
		}
		last = err
		if ctx.Err() != nil {
			break
		}
		o.Logger.Warn("virtuosotest: start failed; retrying with other ports", "try", try, "err", err)
	}
	return nil, last
}

// freePorts returns n distinct free TCP ports on 127.0.0.1.
func freePorts(n int) ([]int, error) {
	var ports []int
	var lns []net.Listener
	defer func() {
		for _, l := range lns {
			_ = l.Close()
		}
	}()
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, fmt.Errorf("virtuosotest: finding a free port: %w", err)
		}
		lns = append(lns, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}

// iniTemplate is a minimal virtuoso.ini: a database in the directory,
// loopback listeners only, a small buffer pool, no query time or result
// size limits that would make answers differ from the embedded store's.
const iniTemplate = `[Database]
DatabaseFile       = {{dir}}/virtuoso.db
ErrorLogFile       = {{dir}}/virtuoso.log
LockFile           = {{dir}}/virtuoso.lck
TransactionFile    = {{dir}}/virtuoso.trx
xa_persistent_file = {{dir}}/virtuoso.pxa
ErrorLogLevel      = 7
FileExtend         = 200
Striping           = 0
TempStorage        = TempDatabase

[TempDatabase]
DatabaseFile       = {{dir}}/virtuoso-temp.db
TransactionFile    = {{dir}}/virtuoso-temp.trx

[Parameters]
ServerPort         = {{sql}}
DisableUnixSocket  = 1
CheckpointInterval = 0
DirsAllowed        = {{allowed}}
NumberOfBuffers    = 20000
MaxDirtyBuffers    = 15000
ThreadsPerQuery    = 2
AsyncQueueMaxThreads = 4
MaxClientConnections = 16

[HTTPServer]
ServerPort         = {{http}}
ServerRoot         = {{dir}}
ServerThreads      = 16
MaxClientConnections = 16
MaxKeepAlives      = 16
KeepAliveTimeout   = 10
EnabledGzipContent = 0

[SPARQL]
ResultSetMaxRows           = 10000000
MaxQueryExecutionTime      = 0
MaxQueryCostEstimationTime = 0
`

func start(ctx context.Context, server, isql, dir string, o Options) (*Server, error) {
	ports, err := freePorts(2)
	if err != nil {
		return nil, err
	}
	allowed := []string{".", dir}
	for _, d := range o.DirsAllowed {
		abs, err := filepath.Abs(d)
		if err != nil {
			return nil, fmt.Errorf("virtuosotest: allowed directory %s: %w", d, err)
		}
		if strings.ContainsAny(abs, ",\n") {
			return nil, fmt.Errorf("virtuosotest: allowed directory %q: a comma or newline cannot be listed in DirsAllowed", abs)
		}
		allowed = append(allowed, abs)
	}
	s := &Server{
		Dir:      dir,
		SQLAddr:  "127.0.0.1:" + strconv.Itoa(ports[0]),
		HTTPAddr: "127.0.0.1:" + strconv.Itoa(ports[1]),
		isql:     isql,
		done:     make(chan struct{}),
		output:   &syncbuf.Buffer{Limit: 1 << 20},
		logger:   o.Logger,
	}
	ini := strings.NewReplacer("{{dir}}", dir, "{{sql}}", s.SQLAddr, "{{http}}", s.HTTPAddr,
		"{{allowed}}", strings.Join(allowed, ", ")).Replace(iniTemplate)
	iniPath := filepath.Join(dir, "virtuoso.ini")
	if err := os.WriteFile(iniPath, []byte(ini), 0o644); err != nil {
		return nil, fmt.Errorf("virtuosotest: %w", err)
	}
	// The server outlives ctx (it is stopped by Stop), so it is not started
	// with exec.CommandContext.
	s.cmd = exec.Command(server, "+foreground", "+configfile", iniPath)
	s.cmd.Dir = dir
	s.cmd.Stdout, s.cmd.Stderr = s.output, s.output
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("virtuosotest: starting %s: %w", server, err)
	}
	go func() {
		s.waitErr = s.cmd.Wait()
		close(s.done)
	}()
	o.Logger.Info("virtuosotest: starting", "dir", dir, "sql", s.SQLAddr, "http", s.HTTPAddr, "pid", s.cmd.Process.Pid)
	wctx, cancel := context.WithTimeout(ctx, o.StartTimeout)
	defer cancel()
	if err := s.waitOnline(wctx); err != nil {
		_ = s.Stop()
		return nil, fmt.Errorf("virtuosotest: %s did not come online: %w; its output: %s", server, err, s.tail())
	}
	if _, err := s.ISQL(wctx, sparqlGrants); err != nil {
		_ = s.Stop()
		return nil, fmt.Errorf("virtuosotest: granting the SPARQL user its procedures: %w", err)
	}
	return s, nil
}

// sparqlGrants gives the endpoint's user ("SPARQL") itself the right to
// execute the procedures that compiled queries call to turn SQL values
// into RDF terms. It has them through the SPARQL_SELECT role, but a CI
// run once had two queries refused with "SR186:SECURITY: No permission
// to execute procedure DB.DBA.RDF_LONG_OF_SQLVAL", which did not happen
// again in any run here; the direct grant rules that out.
const sparqlGrants = `GRANT EXECUTE ON DB.DBA.RDF_LONG_OF_OBJ TO "SPARQL";
GRANT EXECUTE ON DB.DBA.RDF_LONG_OF_SQLVAL TO "SPARQL";
GRANT EXECUTE ON DB.DBA.RDF_MAKE_LONG_OF_SQLVAL TO "SPARQL";
GRANT EXECUTE ON DB.DBA.RDF_MAKE_LONG_OF_TYPEDSQLVAL TO "SPARQL";
GRANT EXECUTE ON DB.DBA.RDF_MAKE_LONG_OF_TYPEDSQLVAL_STRINGS TO "SPARQL";
GRANT EXECUTE ON DB.DBA.RQ_LONG_OF_O TO "SPARQL";`

// waitOnline polls the SPARQL endpoint until it answers ASK {}.
func (s *Server) waitOnline(ctx context.Context) error {
	u := s.SPARQLURL() + "?query=" + url.QueryEscape("ASK {}")
	client := &http.Client{Timeout: 5 * time.Second}
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-s.done:
			return fmt.Errorf("the server exited: %v", s.waitErr)
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return err
		}
		resp, err := client.Do(req)
		if err != nil {
			continue
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		_ = resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			return nil
		}
	}
}

// tail returns the end of the server's output and error log, for errors.
func (s *Server) tail() string {
	out := s.output.String()
	if b, err := os.ReadFile(filepath.Join(s.Dir, "virtuoso.log")); err == nil {
		out += string(b)
	}
	if len(out) > 2000 {
		out = "…" + out[len(out)-2000:]
	}
	return strings.TrimSpace(out)
}

// ISQL runs a script of SQL statements (each ended by ';') through isql-vt
// as dba and returns its output. An error names the statement output that
// reported it ("*** Error …").
func (s *Server) ISQL(ctx context.Context, script string) (string, error) {
	cmd := exec.CommandContext(ctx, s.isql, s.SQLAddr, "dba", "dba", "VERBOSE=OFF", "BANNER=OFF", "PROMPT=OFF", "ECHO=OFF", "ERRORS=STDOUT")
	cmd.Stdin = strings.NewReader(script + "\n")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	text := out.String()
	if i := strings.Index(text, "*** Error"); i >= 0 {
		line, _, _ := strings.Cut(text[i:], "\n")
		return text, fmt.Errorf("virtuosotest: isql: %s", strings.TrimSpace(line))
	}
	if err != nil {
		return text, fmt.Errorf("virtuosotest: isql: %w: %s", err, strings.TrimSpace(text))
	}
	return text, nil
}

// sqlString quotes s as an SQL string literal.
func sqlString(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// Load bulk-loads RDF files into named graphs (graph IRI → file; N-Triples,
// Turtle, RDF/XML, gzipped or not, as Virtuoso's loader reads them by
// extension) with ld_add and rdf_loader_run, then checkpoints. The files'
// directories must be among Options.DirsAllowed. It fails when a file
// was not loaded, naming the file and Virtuoso's error.
func (s *Server) Load(ctx context.Context, graphs map[string]string) error {
	var b strings.Builder
	b.WriteString("DELETE FROM DB.DBA.load_list;\n")
	for g, f := range graphs {
		abs, err := filepath.Abs(f)
		if err != nil {
			return fmt.Errorf("virtuosotest: load %s: %w", f, err)
		}
		if _, err := os.Stat(abs); err != nil {
			return fmt.Errorf("virtuosotest: load: %w", err)
		}
		fmt.Fprintf(&b, "ld_add(%s, %s);\n", sqlString(abs), sqlString(g))
	}
	b.WriteString("rdf_loader_run();\ncheckpoint;\n")
	b.WriteString("SELECT 'LOADFAIL', ll_file, ll_error FROM DB.DBA.load_list WHERE ll_state <> 2 OR ll_error IS NOT NULL;\n")
	start := time.Now()
	out, err := s.ISQL(ctx, b.String())
	if err != nil {
		return fmt.Errorf("virtuosotest: load %d graphs: %w", len(graphs), err)
	}
	var failed []string
	for _, line := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "LOADFAIL"); ok {
			failed = append(failed, strings.Join(strings.Fields(rest), " "))
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("virtuosotest: %d of %d files not loaded: %s", len(failed), len(graphs), strings.Join(failed, "; "))
	}
	s.logger.Info("virtuosotest: loaded", "graphs", len(graphs), "took", time.Since(start))
	return nil
}

// EnableFullText indexes every literal for bif:contains (Virtuoso's
// free-text search) and builds the index of what is loaded.
func (s *Server) EnableFullText(ctx context.Context) error {
	_, err := s.ISQL(ctx, "DB.DBA.RDF_OBJ_FT_RULE_ADD(null, null, 'schemaforge');\nDB.DBA.VT_INC_INDEX_DB_DBA_RDF_OBJ();\ncheckpoint;")
	if err != nil {
		return fmt.Errorf("virtuosotest: enable full-text index: %w", err)
	}
	return nil
}

// Stop ends the server (SIGTERM, then SIGKILL after 10 s) and waits for
// it. It is safe to call more than once.
func (s *Server) Stop() error {
	s.stopOnce.Do(func() {
		if s.cmd == nil || s.cmd.Process == nil {
			return
		}
		select {
		case <-s.done:
			return
		default:
		}
		_ = s.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-s.done:
		case <-time.After(10 * time.Second):
			_ = s.cmd.Process.Kill()
			<-s.done
		}
		s.logger.Info("virtuosotest: stopped", "dir", s.Dir)
	})
	<-s.done
	var ee *exec.ExitError
	if s.waitErr != nil && !errors.As(s.waitErr, &ee) {
		return fmt.Errorf("virtuosotest: stop: %w", s.waitErr)
	}
	return nil
}

// StartT starts a server for a test in a temporary directory and stops it
// when the test ends; it skips or fails the test as [Require] does when
// Virtuoso is absent.
func StartT(tb testing.TB, o Options) *Server {
	tb.Helper()
	Require(tb)
	s, err := Start(context.Background(), tb.TempDir(), o)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		if err := s.Stop(); err != nil {
			tb.Error(err)
		}
	})
	return s
}
