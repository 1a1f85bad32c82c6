// SPDX-License-Identifier: MIT OR Apache-2.0

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * CharsetDecoderExec -- Java's UTF-8 CharsetDecoder as an --exec decoder
 * (doc/audit-exec.md). One JVM answers every request of the audit.
 *
 * <pre>
 *   java CharsetDecoderExec strict   CodingErrorAction.REPORT: decode(in, out,
 *                                    true) stops at the first malformed input
 *                                    with in.position() where it starts.
 *   java CharsetDecoderExec replace  CodingErrorAction.REPLACE (U+FFFD).
 *   java CharsetDecoderExec version  the Java runtime's version.
 * </pre>
 *
 * Java strings are UTF-16: a surrogate pair is printed as the one code point
 * it encodes, a lone surrogate as its own value.
 */
public final class CharsetDecoderExec {
    private CharsetDecoderExec() {
    }

    /** Returns the code points of chars[0, n) as " hex" each. */
    private static String codePoints(CharBuffer chars) {
        StringBuilder s = new StringBuilder();
        chars.flip();
        String text = chars.toString();
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            s.append(' ').append(Integer.toHexString(c));
            i += Character.charCount(c);
        }
        return s.toString();
    }

    /** Returns the answer for data decoded with the given error action. */
    static String answer(byte[] data, CodingErrorAction action) {
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(action).onUnmappableCharacter(action);
        ByteBuffer in = ByteBuffer.wrap(data);
        // One char per byte at most: a UTF-8 sequence of n bytes gives at
        // most two chars (n = 4), a replacement covers at least one byte.
        CharBuffer out = CharBuffer.allocate(data.length);
        CoderResult r = dec.decode(in, out, true);
        if (!r.isError()) {
            r = dec.flush(out);
        }
        if (r.isError()) {
            return "reject " + in.position() + codePoints(out);
        }
        if (r.isOverflow()) {
            throw new IllegalStateException("output overflow");
        }
        return "ok" + codePoints(out);
    }

    /** Returns the bytes of hex text, or throws on a character not hex. */
    static byte[] unhex(String line) {
        if (line.length() % 2 != 0) {
            throw new IllegalArgumentException("odd length");
        }
        byte[] b = new byte[line.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(line.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }

    public static void main(String[] args) throws IOException {
        String mode = args.length == 1 ? args[0] : "";
        CodingErrorAction action;
        if (mode.equals("strict")) {
            action = CodingErrorAction.REPORT;
        } else if (mode.equals("replace")) {
            action = CodingErrorAction.REPLACE;
        } else if (mode.equals("version")) {
            System.out.println(System.getProperty("java.vm.name") + " "
                + System.getProperty("java.runtime.version"));
            return;
        } else {
            System.err.println("usage: java CharsetDecoderExec strict|replace|version");
            System.exit(2);
            return;
        }
        BufferedReader in = new BufferedReader(
            new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        // Not autoflushing: each answer is flushed explicitly below.
        PrintStream out = new PrintStream(System.out, false, "US-ASCII");
        for (String line; (line = in.readLine()) != null; ) {
            out.print(answer(unhex(line), action) + "\n");
            out.flush();
        }
    }
}
