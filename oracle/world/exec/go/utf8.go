// SPDX-License-Identifier: MIT OR Apache-2.0

// utf8.go -- Go's unicode/utf8 as an --exec decoder (doc/audit-exec.md).
//
//	go-utf8 strict   utf8.Valid decides; utf8.DecodeRune walks the input to
//	                 find the accepted prefix: the first (RuneError, 1)
//	                 result is where the first ill-formed sequence starts.
//	go-utf8 replace  []rune(string(b)), Go's replacing decode (the same as
//	                 bytes.Runes and `for range`): one U+FFFD per
//	                 DecodeRune step that fails, which consumes one byte.
//	go-utf8 version  the Go version the helper was built with.
package main

import (
	"fmt"
	"os"
	"unicode/utf8"
)

// strict returns the answer of utf8.Valid, with the prefix DecodeRune
// accepts before its first failure. Go documents the two as one rule; if
// they ever disagree the helper says so on standard error and exits 3, which
// the audit reports as a finding with the input.
func strict(b []byte) string {
	valid := utf8.Valid(b)
	var cps []rune
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			if valid {
				disagree(b)
			}
			return answerLine(true, i, cps)
		}
		cps = append(cps, r)
		i += size
	}
	if !valid {
		disagree(b)
	}
	return answerLine(false, 0, cps)
}

// disagree ends the helper when utf8.Valid and utf8.DecodeRune disagree on b.
func disagree(b []byte) {
	fmt.Fprintf(os.Stderr, "go-utf8: utf8.Valid and utf8.DecodeRune disagree on %x\n", b)
	os.Exit(3)
}

// replace returns []rune(string(b)): Go's own replacing decode.
func replace(b []byte) string {
	return answerLine(false, 0, []rune(string(b)))
}

func main() {
	os.Exit(serve(map[string]func([]byte) string{"strict": strict, "replace": replace}))
}
