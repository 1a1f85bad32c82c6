#!/usr/bin/perl
# SPDX-License-Identifier: MIT OR Apache-2.0
#
# encode.pl -- Perl's Encode::decode as an --exec decoder (doc/audit-exec.md).
#
#   perl encode.pl strict UTF-8   Encode::decode('UTF-8', $b, FB_CROAK): dies on
#                                 the first ill-formed sequence. The offset and
#                                 the prefix come from the same decode with
#                                 FB_QUIET, which returns what it decoded and
#                                 leaves the rest of the input in $b.
#   perl encode.pl strict utf8    the same with Perl's lax 'utf8' encoding
#                                 (surrogates, noncharacters and code points
#                                 above U+10FFFF pass).
#   perl encode.pl replace ENC    Encode::decode(ENC, $b): the default check,
#                                 U+FFFD for each ill-formed sequence.
#   perl encode.pl version        the versions of Encode and of perl.
use strict;
use warnings;
use Encode ();

my ($mode, $enc) = @ARGV;
$mode = '' unless defined $mode;
if ($mode eq 'version') {
    printf "Encode %s (perl %vd)\n", $Encode::VERSION, $^V;
    exit 0;
}
unless (($mode eq 'strict' || $mode eq 'replace')
        && defined $enc && ($enc eq 'UTF-8' || $enc eq 'utf8')) {
    print STDERR "usage: encode.pl strict|replace UTF-8|utf8, or encode.pl version\n";
    exit 2;
}
$| = 1;    # flush after every answer

# Returns " hex" for each character of the string. The lax 'utf8' also
# decodes Perl's own 7- and 13-byte forms (lead FE, FF) into numbers of up
# to 72 bits, which the protocol (at most 8 hex digits) cannot carry: such
# a character is answered as ffffffff, the largest it can. What the audit
# reports is unchanged by it (an input with one is never valid UTF-8),
# where answering the real number was a protocol fault that restarted
# the decoder.
sub code_points {
    my ($text) = @_;
    return join '', map { my $c = ord; sprintf ' %x', $c > 0xffffffff ? 0xffffffff : $c }
                        split //, $text;
}

# Returns the strict answer for the bytes $b.
sub strict_answer {
    my ($b) = @_;
    my $text = eval {
        Encode::decode($enc, my $copy = $b, Encode::FB_CROAK | Encode::LEAVE_SRC);
    };
    return 'ok' . code_points($text) if defined $text;
    my $rest = $b;
    my $prefix = Encode::decode($enc, $rest, Encode::FB_QUIET);
    return sprintf 'reject %d%s', length($b) - length($rest), code_points($prefix);
}

while (my $line = <STDIN>) {
    $line =~ s/\r?\n\z//;
    if ($line !~ /\A(?:[0-9a-fA-F]{2})*\z/) {
        print STDERR "encode.pl: a request that is not hex\n";
        exit 2;
    }
    my $b = pack 'H*', $line;
    print +($mode eq 'strict' ? strict_answer($b)
                              : 'ok' . code_points(Encode::decode($enc, $b))), "\n";
}
exit 0;
