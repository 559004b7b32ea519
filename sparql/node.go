package sparql

// Node is any node of the syntax tree.
type Node interface {
	Pos() Pos // position of the first byte of the node
	End() Pos // position one past the last byte of the node
}
