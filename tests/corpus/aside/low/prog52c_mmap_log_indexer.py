#!/usr/bin/env python3
"""Index error signatures in large application logs without loading them.

Each log under ./logs is memory-mapped read-only and scanned for a table of
byte patterns; line offsets are stored so a viewer can seek straight to them.
"""
import argparse
import codecs
import json
import logging
import mmap
import os
import re
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("logindex")

SIGNATURES = {
    "traceback": rb"Traceback \(most recent call last\)",
    "oom": rb"MemoryError|Killed process \d+",
    "timeout": rb"(?:Read|Connect)Timeout",
    "http5xx": rb"\" 5\d\d ",
}


class LogIndex:
    def __init__(self, encoding="utf-8"):
        self.encoding = encoding
        self.hits = defaultdict(list)
        self.compiled = {k: re.compile(v) for k, v in SIGNATURES.items()}

    def _line_preview(self, mm, offset):
        start = mm.rfind(b"\n", 0, offset) + 1
        end = mm.find(b"\n", offset)
        if end == -1:
            end = len(mm)
        decoder = codecs.getincrementaldecoder(self.encoding)(errors="replace")
        return decoder.decode(mm[start:min(end, start + 200)], final=True)

    def scan(self, path):
        size = os.path.getsize(path)
        if size == 0:
            return 0
        count = 0
        with open(path, "rb") as fh, \
                mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as mm:
            for name, rx in self.compiled.items():
                for m in rx.finditer(mm):
                    self.hits[name].append({
                        "file": str(path),
                        "offset": m.start(),
                        "preview": self._line_preview(mm, m.start()),
                    })
                    count += 1
        return count

    def dump(self, out_path):
        with codecs.open(out_path, "w", encoding="utf-8") as fh:
            json.dump(self.hits, fh, indent=1, ensure_ascii=False)


def iter_logs(root, suffixes):
    for p in sorted(Path(root).rglob("*")):
        if p.is_file() and p.suffix in suffixes:
            yield p


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default="logs")
    ap.add_argument("--out", default="log_index.json")
    ap.add_argument("--encoding", default="utf-8")
    ap.add_argument("--suffix", action="append", default=[".log", ".txt"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        codecs.lookup(args.encoding)
    except LookupError:
        ap.error(f"unknown encoding {args.encoding!r}")

    index = LogIndex(args.encoding)
    total = 0
    for path in iter_logs(args.root, set(args.suffix)):
        try:
            n = index.scan(path)
        except (OSError, ValueError) as exc:
            log.warning("skipping %s: %s", path, exc)
            continue
        log.info("%-40s %5d hits", path, n)
        total += n
    index.dump(args.out)
    log.info("%d hits across %d signatures -> %s",
             total, len(index.hits), args.out)


if __name__ == "__main__":
    main()
