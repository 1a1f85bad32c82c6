// SPDX-License-Identifier: MIT OR Apache-2.0

// Utf8EncodingExec.cs -- System.Text.UTF8Encoding on Mono as an --exec
// decoder (doc/audit-exec.md). One runtime answers every request.
//
//   mono csharp-utf8encoding.exe strict   new UTF8Encoding(false, true):
//                          GetString throws DecoderFallbackException, whose
//                          Index and BytesUnknown say where the first
//                          ill-formed bytes start (see Strict).
//   mono csharp-utf8encoding.exe replace  new UTF8Encoding(false, false):
//                          ill-formed bytes become U+FFFD.
//   mono csharp-utf8encoding.exe version  the runtime's version.
//
// .NET strings are UTF-16: a surrogate pair is printed as the one code point
// it encodes, a lone surrogate as its own value.
using System;
using System.IO;
using System.Text;

public static class Utf8EncodingExec
{
    // Returns the code points of text as " hex" each.
    static string CodePoints(string text)
    {
        var s = new StringBuilder();
        for (int i = 0; i < text.Length; i++) {
            int c = text[i];
            if (char.IsHighSurrogate(text[i]) && i + 1 < text.Length
                && char.IsLowSurrogate(text[i + 1])) {
                c = char.ConvertToUtf32(text[i], text[i + 1]);
                i++;
            }
            s.Append(' ').Append(c.ToString("x"));
        }
        return s.ToString();
    }

    // Returns the strict answer. Mono 6.8's DecoderFallbackException.Index
    // is not where the ill-formed bytes start but that minus their length
    // (41 c0 80 gives Index 0 and BytesUnknown c0; ed a0 80 gives -2 and
    // ed a0), so the offset is Index + BytesUnknown.Length. The helper checks
    // that reading against the input (the bytes there are BytesUnknown, the
    // bytes before decode) and answers `reject ?` when it does not hold.
    static string Strict(byte[] data)
    {
        var enc = new UTF8Encoding(false, true);
        try {
            return "ok" + CodePoints(enc.GetString(data));
        } catch (DecoderFallbackException e) {
            byte[] bad = e.BytesUnknown ?? new byte[0];
            int at = e.Index + bad.Length;
            if (bad.Length == 0 || at < 0 || at + bad.Length > data.Length)
                return "reject ?";
            for (int i = 0; i < bad.Length; i++)
                if (data[at + i] != bad[i])
                    return "reject ?";
            try {
                return "reject " + at + CodePoints(enc.GetString(data, 0, at));
            } catch (DecoderFallbackException) {
                return "reject ?";
            }
        }
    }

    // Returns the replacing answer.
    static string Replace(byte[] data)
    {
        return "ok" + CodePoints(new UTF8Encoding(false, false).GetString(data));
    }

    // Returns the bytes of hex text; throws FormatException if it is not hex.
    static byte[] Unhex(string line)
    {
        if (line.Length % 2 != 0)
            throw new FormatException("odd length");
        var b = new byte[line.Length / 2];
        for (int i = 0; i < b.Length; i++)
            b[i] = Convert.ToByte(line.Substring(2 * i, 2), 16);
        return b;
    }

    public static int Main(string[] args)
    {
        string mode = args.Length == 1 ? args[0] : "";
        Func<byte[], string> decode;
        if (mode == "strict") {
            decode = Strict;
        } else if (mode == "replace") {
            decode = Replace;
        } else if (mode == "version") {
            // Mono.Runtime.GetDisplayName is internal: read it by reflection;
            // Environment.Version (the CLR version) if it is not there.
            var rt = Type.GetType("Mono.Runtime");
            var name = rt == null ? null : rt.GetMethod("GetDisplayName",
                System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static);
            Console.WriteLine(name != null ? "Mono " + name.Invoke(null, null)
                                           : "CLR " + Environment.Version);
            return 0;
        } else {
            Console.Error.WriteLine("usage: mono csharp-utf8encoding.exe strict|replace|version");
            return 2;
        }
        var stdin = new StreamReader(Console.OpenStandardInput(), Encoding.ASCII);
        var stdout = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false));
        stdout.NewLine = "\n";
        for (string line; (line = stdin.ReadLine()) != null;) {
            stdout.WriteLine(decode(Unhex(line)));
            stdout.Flush();
        }
        return 0;
    }
}
