package sparql

import "reflect"

var (
	spanType  = reflect.TypeOf(Span{})
	queryType = reflect.TypeOf(Query{})
)

// Equal reports whether a and b are the same tree: the same node types with
// the same field values all the way down. It ignores source positions
// (every [Span]), [Query.Base], and the difference between a nil and an
// empty slice. A nil interface and a nil pointer both mean "no node" and
// are equal to each other. The written form does take part: an IRI written
// as a prefixed name differs from the same IRI written in angle brackets.
func Equal(a, b Node) bool {
	return equalValue(reflect.ValueOf(a), reflect.ValueOf(b))
}

// isNilValue reports whether v is invalid (a nil interface) or a nil
// pointer or interface.
func isNilValue(v reflect.Value) bool {
	if !v.IsValid() {
		return true
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		return v.IsNil()
	}
	return false
}

func equalValue(a, b reflect.Value) bool {
	// Look through interfaces, so that a nil interface equals a nil
	// pointer held in one.
	for a.IsValid() && a.Kind() == reflect.Interface && !a.IsNil() {
		a = a.Elem()
	}
	for b.IsValid() && b.Kind() == reflect.Interface && !b.IsNil() {
		b = b.Elem()
	}
	an, bn := isNilValue(a), isNilValue(b)
	if an || bn {
		return an && bn
	}
	if a.Type() != b.Type() {
		return false
	}
	switch a.Kind() {
	case reflect.Pointer:
		if a.Pointer() == b.Pointer() {
			return true
		}
		return equalValue(a.Elem(), b.Elem())
	case reflect.Struct:
		t := a.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if f.Type == spanType || (t == queryType && f.Name == "Base") {
				continue
			}
			if !equalValue(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return false
		}
		for i := 0; i < a.Len(); i++ {
			if !equalValue(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.Len() != b.Len() {
			return false
		}
		iter := a.MapRange()
		for iter.Next() {
			bv := b.MapIndex(iter.Key())
			if !bv.IsValid() || !equalValue(iter.Value(), bv) {
				return false
			}
		}
		return true
	case reflect.String:
		return a.String() == b.String()
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return a.Float() == b.Float()
	case reflect.Complex64, reflect.Complex128:
		return a.Complex() == b.Complex()
	}
	// Functions, channels, unsafe pointers: equal only if identical.
	if a.CanInterface() && b.CanInterface() && a.Type().Comparable() {
		return a.Interface() == b.Interface()
	}
	return false
}
