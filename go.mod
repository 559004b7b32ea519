module github.com/schemaforge/go-schemaforge

go 1.26.8

require github.com/google/go-cmp v0.7.0
