// SPDX-License-Identifier: MIT OR Apache-2.0

//! from_utf8.rs -- Rust's standard library UTF-8 decoding as an --exec
//! decoder (doc/audit-exec.md), one request line in, one answer line out.
//!
//!   rust-from_utf8 strict   std::str::from_utf8; on error,
//!                           Utf8Error::valid_up_to() is the accepted prefix.
//!   rust-from_utf8 replace  String::from_utf8_lossy.
//!   rust-from_utf8 version  the rustc that built it (RUSTC_VERSION, set by
//!                           oracle/world/exec/CMakeLists.txt at build time:
//!                           the standard library is compiled into the helper).

use std::io::{self, BufRead, Write};

/// Returns the bytes of the hex text `line`, or None if it is not hex.
fn unhex(line: &str) -> Option<Vec<u8>> {
    if line.len() % 2 != 0 {
        return None;
    }
    (0..line.len())
        .step_by(2)
        .map(|i| {
            line.get(i..i + 2)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
        })
        .collect()
}

/// Returns `head` followed by the code points of `text` in hex.
fn answer(head: String, text: &str) -> String {
    text.chars().fold(head, |mut s, c| {
        s.push_str(&format!(" {:x}", c as u32));
        s
    })
}

/// Returns the strict answer: from_utf8, and the prefix up to valid_up_to.
fn strict(data: &[u8]) -> String {
    match std::str::from_utf8(data) {
        Ok(text) => answer("ok".to_string(), text),
        Err(err) => {
            let end = err.valid_up_to();
            // valid_up_to is documented as the end of a valid prefix.
            let prefix = std::str::from_utf8(&data[..end]).unwrap_or("");
            answer(format!("reject {}", end), prefix)
        }
    }
}

/// Returns the replacing answer: from_utf8_lossy.
fn replace(data: &[u8]) -> String {
    answer("ok".to_string(), &String::from_utf8_lossy(data))
}

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_default();
    let decode: fn(&[u8]) -> String = match mode.as_str() {
        "strict" => strict,
        "replace" => replace,
        "version" => {
            println!("{}", env!("RUSTC_VERSION"));
            return;
        }
        _ => {
            eprintln!("usage: rust-from_utf8 strict|replace|version");
            std::process::exit(2);
        }
    };
    let stdin = io::stdin();
    let mut out = io::stdout();
    for line in stdin.lock().lines() {
        let line = line.unwrap_or_else(|e| {
            eprintln!("rust-from_utf8: reading a request: {}", e);
            std::process::exit(2)
        });
        let data = unhex(line.trim_end_matches('\r')).unwrap_or_else(|| {
            eprintln!("rust-from_utf8: a request that is not hex");
            std::process::exit(2)
        });
        // Rust's stdout is line-buffered already; the flush states the rule.
        if writeln!(out, "{}", decode(&data))
            .and_then(|_| out.flush())
            .is_err()
        {
            std::process::exit(2);
        }
    }
}
