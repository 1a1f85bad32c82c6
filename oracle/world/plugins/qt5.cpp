// SPDX-License-Identifier: MIT OR Apache-2.0
// qt5.cpp -- the world plugin for Qt 5's UTF-8 decoder (doc/audit-world.md).
// Replacing: QString::fromUtf8, what Qt programs call. Strict: Qt 5 has no
// failing UTF-8 decoder (QStringDecoder's flags are Qt 6); the closest is
// QTextCodec's UTF-8 codec with a ConverterState, which counts the
// invalid sequences it replaced (invalidChars) and the bytes of an
// unfinished one at the end (remainingChars): the plugin rejects when
// either is nonzero. Qt does not say where: the offset is unknown. The code
// points are read from the UTF-16 QString (QString::toUcs4).
#include <QtCore/QString>
#include <QtCore/QTextCodec>
#include <QtCore/QVector>
#include <QtCore/QtGlobal>
#include <climits>
#include <cstdio>

#include "world_plugin.h"

extern "C" const char *u8guard_audit_name(void)
{
    return "qt5";
}

extern "C" const char *u8guard_audit_version(void)
{
    static char v[48];
    if (v[0] == '\0')
        std::snprintf(v, sizeof v, "Qt %s", qVersion());
    return v;
}

// Copies the code points of s (at most cap) to out; returns their number.
static size_t copy_ucs4(const QString &s, uint32_t *out, size_t cap)
{
    QVector<uint> u = s.toUcs4();
    size_t n = 0;

    for (; n < static_cast<size_t>(u.size()) && n < cap; n++)
        out[n] = u[static_cast<int>(n)];
    return n;
}

extern "C" int u8guard_audit_decode(const unsigned char *in, size_t len, uint32_t *out,
                                    size_t *n_out, size_t *err_offset)
{
    QTextCodec *codec = QTextCodec::codecForName("UTF-8");
    QTextCodec::ConverterState state;

    *n_out = 0;
    *err_offset = SIZE_MAX;
    if (codec == nullptr || len > INT_MAX)
        return 1;
    QString s = codec->toUnicode(reinterpret_cast<const char *>(in), static_cast<int>(len),
                                 &state);
    if (state.invalidChars != 0 || state.remainingChars != 0)
        return 1;
    *n_out = copy_ucs4(s, out, len);
    return 0;
}

extern "C" int u8guard_audit_decode_replace(const unsigned char *in, size_t len,
                                            uint32_t *out, size_t *n_out,
                                            size_t *err_offset)
{
    (void)err_offset;
    if (len > INT_MAX)
        return 1;
    QString s = QString::fromUtf8(reinterpret_cast<const char *>(in), static_cast<int>(len));
    *n_out = copy_ucs4(s, out, len);
    return 0;
}
