// SPDX-License-Identifier: MIT OR Apache-2.0

// proto.go -- the line protocol of doc/audit-exec.md, shared by the Go
// helpers (each is built from its own file plus this one, as package main):
// one request per line (the input as hex, an empty line for the empty
// input), one answer line per request, flushed at once.
package main

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
)

// unknownOffset is what a decoder passes as the offset of a rejection when
// its API cannot say where the input went wrong: the answer is `reject ?`.
const unknownOffset = -1

// answerLine returns the answer for a decoder that accepted the input
// (offset < 0 and !rejected) or rejected it at offset (unknownOffset for
// `reject ?`), followed by the code points cps.
func answerLine(rejected bool, offset int, cps []rune) string {
	var b strings.Builder
	if !rejected {
		b.WriteString("ok")
	} else if offset == unknownOffset {
		b.WriteString("reject ?")
	} else {
		b.WriteString("reject " + strconv.Itoa(offset))
	}
	for _, c := range cps {
		// A rune is an int32; a decoder's code points are never negative,
		// but print them as unsigned so that nothing could look like "-1".
		b.WriteString(" " + strconv.FormatUint(uint64(uint32(c)), 16))
	}
	return b.String()
}

// serve answers every request on standard input with modes[os.Args[1]]
// applied to its bytes, or prints the Go version for `version`. Returns the
// exit status: 0 at the end of input, 2 on a usage error or a bad request.
func serve(modes map[string]func([]byte) string) int {
	if len(os.Args) != 2 {
		fmt.Fprintf(os.Stderr, "usage: %s MODE (one of version", os.Args[0])
		for m := range modes {
			fmt.Fprintf(os.Stderr, ", %s", m)
		}
		fmt.Fprintln(os.Stderr, ")")
		return 2
	}
	if os.Args[1] == "version" {
		fmt.Println("Go " + strings.TrimPrefix(runtime.Version(), "go"))
		return 0
	}
	decode, found := modes[os.Args[1]]
	if !found {
		fmt.Fprintf(os.Stderr, "%s: unknown mode %q\n", os.Args[0], os.Args[1])
		return 2
	}
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	for {
		line, err := in.ReadString('\n')
		if line == "" && err != nil {
			return 0
		}
		data, herr := hex.DecodeString(strings.TrimRight(line, "\r\n"))
		if herr != nil {
			fmt.Fprintf(os.Stderr, "%s: a request that is not hex: %v\n", os.Args[0], herr)
			return 2
		}
		out.WriteString(decode(data) + "\n")
		if out.Flush() != nil {
			return 2
		}
	}
}
