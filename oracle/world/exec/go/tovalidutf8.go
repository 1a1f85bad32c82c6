// SPDX-License-Identifier: MIT OR Apache-2.0

// tovalidutf8.go -- Go's strings.ToValidUTF8 as an --exec decoder
// (doc/audit-exec.md).
//
//	go-tovalidutf8 replace  strings.ToValidUTF8(s, "\uFFFD"), then the code
//	                        points of the result. Go replaces each *run* of
//	                        adjacent invalid bytes with one replacement, so
//	                        "\xc0\x80" gives one U+FFFD where maximal subparts
//	                        give two: the helper reports what Go does.
//	go-tovalidutf8 strict   accepts exactly when ToValidUTF8 leaves the
//	                        input unchanged (a replacement is never the bytes
//	                        it replaces, since those are invalid). The API
//	                        does not say where the input went wrong, so a
//	                        rejection is `reject ?`.
//	go-tovalidutf8 version  the Go version the helper was built with.
package main

import (
	"os"
	"strings"
)

// replacement is U+FFFD, what the helper asks ToValidUTF8 to put in place of
// each run of invalid bytes.
const replacement = "\uFFFD"

// strict returns ok with the code points when ToValidUTF8 changes nothing,
// else `reject ?`.
func strict(b []byte) string {
	s := string(b)
	if strings.ToValidUTF8(s, replacement) != s {
		return answerLine(true, unknownOffset, nil)
	}
	return answerLine(false, 0, []rune(s))
}

// replace returns the code points of ToValidUTF8's result (valid UTF-8, so
// []rune decodes it without substituting anything itself).
func replace(b []byte) string {
	return answerLine(false, 0, []rune(strings.ToValidUTF8(string(b), replacement)))
}

func main() {
	os.Exit(serve(map[string]func([]byte) string{"strict": strict, "replace": replace}))
}
