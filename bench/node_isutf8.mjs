// SPDX-License-Identifier: MIT OR Apache-2.0
// node_isutf8.mjs -- times simdutf inside Node on the very bytes u8bench
// wrote: buffer.isUtf8 (Node >= 18.14 calls simdutf::validate_utf8) and
// TextDecoder('utf-8', {fatal: true, ignoreBOM: true}).decode, which keeps
// a leading BOM as U+FEFF like u8guard does (Node 20's fast path
// validates with simdutf, then V8 builds the string). Timing happens here,
// in Node, so process start-up and file reading are not counted.
//
//   node node_isutf8.mjs --file F [--short L] [--min-time S] [--no-decoder]
//
// Prints one JSON line:
//   {"node": "v20.x", "simdutf": "6.4.2", "bytes": N,
//    "isUtf8": {"valid": true, "best_ns": .., "median_ns": .., "reps": ..},
//    "TextDecoder": {"valid": true, "units": N, "best_ns": .., ...}}
// With --short L the file is a run of L-byte strings: isUtf8 is called on
// each, "valid" says whether all were valid, times are for the whole run
// and "strings" gives their number. Exit status 2 on a usage or I/O error.
import { readFileSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';

function usage(msg) {
  process.stderr.write(`node_isutf8.mjs: ${msg}\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
let file = null, shortLen = 0, minTime = 0.2, decoder = true;
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--file') file = args[++i];
  else if (a === '--short') shortLen = Number(args[++i]);
  else if (a === '--min-time') minTime = Number(args[++i]);
  else if (a === '--no-decoder') decoder = false;
  else usage(`unknown argument ${a}`);
}
if (!file) usage('--file is required');
if (!(shortLen >= 0) || !(minTime >= 0)) usage('bad --short or --min-time');

let data;
try {
  data = readFileSync(file);
} catch (e) {
  usage(`cannot read ${file}: ${e.message}`);
}
const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

// Repeats fn until minTime seconds and 3 calls have passed (at most
// 100000 calls); returns best and median nanoseconds of single calls.
function measure(fn) {
  fn(); // warm-up (and JIT)
  const times = [];
  const start = process.hrtime.bigint();
  const budget = BigInt(Math.round(minTime * 1e9));
  while (times.length < 100000) {
    const t0 = process.hrtime.bigint();
    fn();
    const t1 = process.hrtime.bigint();
    times.push(Number(t1 - t0));
    if (times.length >= 3 && t1 - start >= budget) break;
  }
  times.sort((a, b) => a - b);
  const n = times.length;
  const median = n % 2 ? times[(n - 1) / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
  return { best_ns: times[0], median_ns: median, reps: n };
}

let sink = 0;
const out = { node: process.version, simdutf: process.versions.simdutf ?? null,
              bytes: bytes.length };

if (shortLen > 0) {
  if (bytes.length % shortLen !== 0) usage('file size is not a multiple of --short');
  const views = [];
  for (let i = 0; i < bytes.length; i += shortLen) views.push(bytes.subarray(i, i + shortLen));
  const all = () => {
    let ok = 0;
    for (const v of views) ok += isUtf8(v) ? 1 : 0;
    sink += ok;
    return ok;
  };
  const valid = all() === views.length;
  out.strings = views.length;
  out.isUtf8 = { valid, ...measure(all) };
} else {
  const valid = isUtf8(bytes);
  out.isUtf8 = { valid, ...measure(() => { sink += isUtf8(bytes) ? 1 : 0; }) };
  if (decoder) {
    const td = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    const decode = () => {
      try {
        const s = td.decode(bytes);
        sink += s.length;
        return s.length;
      } catch (e) {
        if (!(e instanceof TypeError)) throw e;
        return -1;
      }
    };
    const units = decode();
    out.TextDecoder = { valid: units >= 0, units: units >= 0 ? units : null, ...measure(decode) };
  }
}
out.sink = sink % 1000;
process.stdout.write(JSON.stringify(out) + '\n');
