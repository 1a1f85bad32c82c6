#!/usr/bin/ruby
# SPDX-License-Identifier: MIT OR Apache-2.0
#
# string.rb -- Ruby's String as an --exec decoder (doc/audit-exec.md).
#
#   ruby string.rb strict   String#valid_encoding? decides; the accepted prefix
#                           is the characters String#each_char yields before
#                           the first one that is not valid_encoding? (Ruby
#                           splits a broken string with the same rule).
#   ruby string.rb replace  String#scrub (U+FFFD, Ruby's default for UTF-8).
#   ruby string.rb version  RUBY_VERSION and the platform.

mode = ARGV.length == 1 ? ARGV[0] : ''
if mode == 'version'
  puts "Ruby #{RUBY_VERSION}p#{RUBY_PATCHLEVEL} (#{RUBY_PLATFORM})"
  exit 0
end
unless %w[strict replace].include?(mode)
  warn 'usage: ruby string.rb strict|replace|version'
  exit 2
end
$stdout.sync = true # flush after every answer

# Returns " hex" for each code point of the valid UTF-8 string s.
def code_points(s)
  s.codepoints.map { |c| format(' %x', c) }.join
end

# Returns the strict answer for the UTF-8-tagged string s.
def strict_answer(s)
  return 'ok' + code_points(s) if s.valid_encoding?

  prefix = s.each_char.take_while(&:valid_encoding?).join
  if prefix.bytesize >= s.bytesize
    # valid_encoding? and each_char disagree: say so, as a finding.
    warn "string.rb: valid_encoding? and each_char disagree on #{s.unpack1('H*')}"
    exit 3
  end
  "reject #{prefix.bytesize}" + code_points(prefix)
end

$stdin.each_line do |line|
  line = line.chomp
  unless line.match?(/\A(?:\h\h)*\z/)
    warn 'string.rb: a request that is not hex'
    exit 2
  end
  s = [line].pack('H*').force_encoding(Encoding::UTF_8)
  puts(mode == 'strict' ? strict_answer(s) : 'ok' + code_points(s.scrub))
end
exit 0
