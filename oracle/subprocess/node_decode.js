// SPDX-License-Identifier: MIT OR Apache-2.0
// node_decode.js -- the WHATWG UTF-8 decoder (Node's TextDecoder) as an
// oracle for u8guard.
//
// Started once by oracle/adapters/node.c and fed batches on standard
// input; the protocol is described in oracle/adapters/subprocess.h. For
// each input: TextDecoder('utf-8', {fatal: true}) (strict; it throws
// without saying where, so the offset is "unknown") and the non-fatal
// decoder (replacement). ignoreBOM keeps a leading BOM as U+FEFF.
'use strict';

const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lax = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

function codePoints(s) {
  const cps = [];
  for (const ch of s) cps.push(ch.codePointAt(0));
  return cps;
}

// Returns the reply record for one input.
function answer(data) {
  let accepted = 1;
  let strict = [];
  try {
    strict = codePoints(fatal.decode(data));
  } catch (e) {
    accepted = 0;
  }
  const repl = codePoints(lax.decode(data));
  const rec = Buffer.alloc(14 + 4 * strict.length + 5 + 4 * repl.length);
  let p = 0;
  rec.writeUInt8(0, p); p += 1;
  rec.writeUInt8(accepted, p); p += 1;
  rec.writeBigUInt64LE(accepted ? BigInt(data.length) : 0xFFFFFFFFFFFFFFFFn, p); p += 8;
  rec.writeUInt32LE(strict.length, p); p += 4;
  for (const c of strict) { rec.writeUInt32LE(c, p); p += 4; }
  rec.writeUInt8(1, p); p += 1;
  rec.writeUInt32LE(repl.length, p); p += 4;
  for (const c of repl) { rec.writeUInt32LE(c, p); p += 4; }
  return rec;
}

let pending = Buffer.alloc(0);

// Answers every complete batch in `pending`; keeps an incomplete one.
function pump() {
  for (;;) {
    if (pending.length < 4) return;
    const count = pending.readUInt32LE(0);
    const items = [];
    let p = 4;
    for (let i = 0; i < count; i++) {
      if (p + 4 > pending.length) return;
      const n = pending.readUInt32LE(p);
      if (p + 4 + n > pending.length) return;
      items.push(pending.subarray(p + 4, p + 4 + n));
      p += 4 + n;
    }
    const reply = Buffer.concat(items.map(answer));
    pending = pending.subarray(p);
    process.stdout.write(reply);
  }
}

process.stdin.on('data', (chunk) => {
  pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
  pump();
});
process.stdin.on('end', () => process.exit(0));
process.stdout.write('U8GO');
