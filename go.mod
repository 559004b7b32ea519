module github.com/schemaforge/go-schemaforge

go 1.26.8
