<?php
// SPDX-License-Identifier: MIT OR Apache-2.0
//
// mbstring.php -- PHP's mbstring as an --exec decoder (doc/audit-exec.md).
//
//   php mbstring.php strict   mb_check_encoding($s, 'UTF-8'). It answers yes
//                             or no and cannot say where the input went
//                             wrong, so a rejection is `reject ?`.
//   php mbstring.php replace  mb_scrub($s, 'UTF-8') with the substitute
//                             character set to U+FFFD (PHP's default is '?',
//                             which could not be told apart from the input).
//   php mbstring.php version  the versions of PHP and of its mbstring extension.

$mode = $argc == 2 ? $argv[1] : '';
if ($mode === 'version') {
    echo 'PHP ', PHP_VERSION, ' mbstring ', phpversion('mbstring'), "\n";
    exit(0);
}
if ($mode !== 'strict' && $mode !== 'replace') {
    fwrite(STDERR, "usage: php mbstring.php strict|replace|version\n");
    exit(2);
}
mb_substitute_character(0xFFFD);

// Returns " hex" for each code point of the valid UTF-8 string $s.
function code_points(string $s): string
{
    $out = '';
    foreach (mb_str_split($s, 1, 'UTF-8') as $c) {
        $out .= sprintf(' %x', mb_ord($c, 'UTF-8'));
    }
    return $out;
}

while (($line = fgets(STDIN)) !== false) {
    $line = rtrim($line, "\r\n");
    if (!preg_match('/\A(?:[0-9a-fA-F]{2})*\z/', $line)) {
        fwrite(STDERR, "mbstring.php: a request that is not hex\n");
        exit(2);
    }
    $s = hex2bin($line);
    if ($mode === 'strict') {
        $answer = mb_check_encoding($s, 'UTF-8') ? 'ok' . code_points($s) : 'reject ?';
    } else {
        $answer = 'ok' . code_points(mb_scrub($s, 'UTF-8'));
    }
    fwrite(STDOUT, $answer . "\n");
    fflush(STDOUT);
}
exit(0);
