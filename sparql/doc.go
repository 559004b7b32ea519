// Package sparql is the SPARQL 1.1 Query toolchain of go-schemaforge: a lexer
// and parser that build an abstract syntax tree with source positions, a
// printer whose output parses back to the same tree, static analysis
// (variables in scope, IRIs by role, triple patterns, features), a rewrite
// API for replacing single nodes, parser dialects, and the Results type that
// reads and writes the SPARQL 1.1 Query Results JSON and XML formats.
//
// The tree follows the model of go/ast: every node implements [Node]
// (Pos/End); closed families of nodes ([Term], [Expr], [Pattern], [Path])
// are sealed by unexported marker methods; [Inspect] walks a tree; the
// parser only builds trees and the printer alone owns layout.
//
// Everything here is read-only SPARQL: SPARQL Update requests are recognised
// and refused ([ErrUpdate]); SERVICE parses but [Analysis.Features] flags it
// so that callers can refuse it.
package sparql
