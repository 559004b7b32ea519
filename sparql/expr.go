package sparql

// Expr is an expression: *IRI, *Literal, *Var (terms), *BinaryExpr,
// *UnaryExpr, *CallExpr, *FuncCall, *Aggregate, *InExpr or *ExistsExpr.
type Expr interface {
	Node
	exprNode()
}

// BinaryOp is a binary operator.
type BinaryOp string

// The binary operators, from lowest to highest precedence group:
// ||; &&; = != < > <= >=; + -; * /.
const (
	OpOr  BinaryOp = "||"
	OpAnd BinaryOp = "&&"
	OpEq  BinaryOp = "="
	OpNe  BinaryOp = "!="
	OpLt  BinaryOp = "<"
	OpGt  BinaryOp = ">"
	OpLe  BinaryOp = "<="
	OpGe  BinaryOp = ">="
	OpAdd BinaryOp = "+"
	OpSub BinaryOp = "-"
	OpMul BinaryOp = "*"
	OpDiv BinaryOp = "/"
)

// Precedence returns the binding strength of op: 1 (||) to 5 (* /).
func (op BinaryOp) Precedence() int {
	switch op {
	case OpOr:
		return 1
	case OpAnd:
		return 2
	case OpEq, OpNe, OpLt, OpGt, OpLe, OpGe:
		return 3
	case OpAdd, OpSub:
		return 4
	case OpMul, OpDiv:
		return 5
	}
	return 0
}

// BinaryExpr is X Op Y. Parentheses are not kept: the printer adds them
// where precedence and associativity require.
type BinaryExpr struct {
	Span
	Op BinaryOp
	X  Expr
	Y  Expr
}

// UnaryExpr is Op X with Op one of "!", "+", "-".
type UnaryExpr struct {
	Span
	Op string
	X  Expr
}

// CallExpr is a call of a built-in function (a keyword such as STR, REGEX,
// BOUND, IF, COALESCE, or a dialect's extra keyword). Name is upper-case.
type CallExpr struct {
	Span
	Name string
	Args []Expr
}

// FuncCall is a call of a function named by an IRI (extension functions and
// XSD casts such as xsd:integer(?x)).
type FuncCall struct {
	Span
	Func     *IRI
	Distinct bool // DISTINCT inside the argument list (custom aggregates)
	Args     []Expr
}

// Aggregate is an aggregate: COUNT, SUM, MIN, MAX, AVG, SAMPLE or
// GROUP_CONCAT (Name is upper-case).
type Aggregate struct {
	Span
	Name      string
	Distinct  bool
	Star      bool    // COUNT(*)
	Arg       Expr    // nil when Star
	Separator *string // GROUP_CONCAT's SEPARATOR, nil when absent
}

// InExpr is X IN (List) or, with Not, X NOT IN (List).
type InExpr struct {
	Span
	X    Expr
	Not  bool
	List []Expr
}

// ExistsExpr is EXISTS { … } or, with Not, NOT EXISTS { … }.
type ExistsExpr struct {
	Span
	Not     bool
	Pattern *GroupPattern
}

func (*IRI) exprNode()        {}
func (*Literal) exprNode()    {}
func (*Var) exprNode()        {}
func (*BinaryExpr) exprNode() {}
func (*UnaryExpr) exprNode()  {}
func (*CallExpr) exprNode()   {}
func (*FuncCall) exprNode()   {}
func (*Aggregate) exprNode()  {}
func (*InExpr) exprNode()     {}
func (*ExistsExpr) exprNode() {}
