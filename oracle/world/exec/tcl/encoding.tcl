# SPDX-License-Identifier: MIT OR Apache-2.0
#
# encoding.tcl -- Tcl's `encoding convertfrom utf-8` as an --exec decoder
# (doc/audit-exec.md).
#
#   tclsh encoding.tcl strict   Tcl 8.6 (Debian 12 has 8.6.13) has no strict
#                               UTF-8 conversion: `-strict` and `-profile` came
#                               with Tcl 8.7/9.0, and 8.6 rejects them as
#                               "wrong # args". Its one conversion never
#                               fails, so every answer is `ok` with the
#                               characters it gives: an ill-formed byte
#                               becomes the character of the same value
#                               (Latin-1), c0 80 becomes U+0000, and encoded
#                               surrogates (also CESU-8 pairs) are accepted.
#                               This is what a Tcl 8.6 program gets.
#   tclsh encoding.tcl version  Tcl's patch level.
#
# The conversion has no replacing mode (it never substitutes U+FFFD), so the
# registry has none for it.

set mode [expr {$argc == 1 ? [lindex $argv 0] : ""}]
if {$mode eq "version"} {
    puts "Tcl [info patchlevel]"
    exit 0
}
if {$mode ne "strict"} {
    puts stderr "usage: tclsh encoding.tcl strict|version"
    exit 2
}
fconfigure stdin -translation auto
fconfigure stdout -translation lf -buffering line

while {[gets stdin line] >= 0} {
    if {![regexp {^(?:[0-9a-fA-F]{2})*$} $line]} {
        puts stderr "encoding.tcl: a request that is not hex"
        exit 2
    }
    set answer ok
    foreach c [split [encoding convertfrom utf-8 [binary decode hex $line]] ""] {
        append answer [format " %x" [scan $c %c]]
    }
    puts $answer
    flush stdout
}
exit 0
