// SPDX-License-Identifier: MIT OR Apache-2.0
// boost_locale.cpp -- the world plugin for Boost.Locale's UTF-8 decoder
// (doc/audit-world.md). Strict: boost::locale::utf::utf_traits<char>::decode,
// the decoder under boost::locale::conv::utf_to_utf, called until the input
// ends or it returns illegal or incomplete (utf_to_utf with the `stop` method
// throws conversion_error there, without saying where). Lossy:
// utf_to_utf<char32_t> with the `skip` method, Boost.Locale's only lossy
// mode: it drops what it cannot decode instead of writing U+FFFD, and is
// compared with u8guard's replacement output like any replacing mode.
#include <boost/locale/encoding_utf.hpp>
#include <boost/locale/utf.hpp>
#include <boost/version.hpp>
#include <string>

#include "world_plugin.h"

extern "C" const char *u8guard_audit_name(void)
{
    return "boost-locale";
}

extern "C" const char *u8guard_audit_version(void)
{
    return "Boost.Locale " BOOST_LIB_VERSION;
}

extern "C" int u8guard_audit_decode(const unsigned char *in, size_t len, uint32_t *out,
                                    size_t *n_out, size_t *err_offset)
{
    typedef boost::locale::utf::utf_traits<char> traits;
    const char *b = reinterpret_cast<const char *>(in), *p = b, *e = b + len;
    size_t n = 0;

    while (p != e) {
        const char *at = p;
        boost::locale::utf::code_point c = traits::decode(p, e);
        if (c == boost::locale::utf::illegal || c == boost::locale::utf::incomplete) {
            *err_offset = static_cast<size_t>(at - b);
            *n_out = n;
            return 1;
        }
        out[n++] = c;
    }
    *n_out = n;
    return 0;
}

extern "C" int u8guard_audit_decode_replace(const unsigned char *in, size_t len,
                                            uint32_t *out, size_t *n_out,
                                            size_t *err_offset)
{
    const char *b = reinterpret_cast<const char *>(in);
    std::u32string s;

    (void)err_offset;
    try {
        s = boost::locale::conv::utf_to_utf<char32_t>(b, b + len,
                                                      boost::locale::conv::skip);
    } catch (...) {
        *n_out = 0;
        return 1;
    }
    size_t n = 0;
    for (; n < s.size() && n < len; n++)
        out[n] = static_cast<uint32_t>(s[n]);
    *n_out = n;
    return 0;
}
