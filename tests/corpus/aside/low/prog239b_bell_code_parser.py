#!/usr/bin/env python3
"""Summarise block bell exchanges from simulator session logs.

Reads the bell log the simulator writes (one exchange per line), names each
bell code, flags exchanges that were not acknowledged, and writes a summary
to the working folder. Parsed logs are cached by content hash.
"""
import argparse
import base64
import hashlib
import json
import logging
import re
import sys
from collections import Counter
from pathlib import Path

log = logging.getLogger("bell_parser")

BELL_CODES = {
    "1": "Call attention",
    "3-1": "Is line clear for express passenger",
    "1-3-1": "Is line clear for ordinary passenger",
    "4": "Is line clear for express passenger (alt.)",
    "2": "Train entering section",
    "2-1": "Train out of section",
    "3-3": "Blocking back inside home signal",
    "6": "Obstruction danger",
    "5-5": "Cancelling",
}

LINE_RE = re.compile(
    r"^(?P<ts>\d{2}:\d{2}:\d{2})\s+(?P<dir>TX|RX)\s+(?P<box>[A-Z]{2,4})\s+(?P<code>[\d-]+)(?:\s+(?P<ack>ACK))?")


class Exchange:
    __slots__ = ("ts", "direction", "box", "code", "acked")

    def __init__(self, ts, direction, box, code, acked):
        self.ts, self.direction, self.box, self.code, self.acked = ts, direction, box, code, acked

    @property
    def meaning(self):
        return BELL_CODES.get(self.code, "unrecognised")

    def as_dict(self):
        return {"ts": self.ts, "dir": self.direction, "box": self.box,
                "code": self.code, "meaning": self.meaning, "acked": self.acked}


def cache_key(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def parse(path):
    exchanges, bad = [], 0
    for n, line in enumerate(Path(path).read_text(errors="replace").splitlines(), 1):
        m = LINE_RE.match(line.strip())
        if not m:
            if line.strip():
                bad += 1
                log.debug("line %d not understood: %r", n, line)
            continue
        exchanges.append(Exchange(m["ts"], m["dir"], m["box"], m["code"], bool(m["ack"])))
    return exchanges, bad


def summarise(exchanges):
    codes = Counter(e.code for e in exchanges)
    unacked = [e.as_dict() for e in exchanges if not e.acked and e.direction == "TX"]
    return {
        "total": len(exchanges),
        "by_code": {f"{c} ({BELL_CODES.get(c, '?')})": n for c, n in codes.most_common()},
        "unacknowledged": unacked,
        "boxes": sorted({e.box for e in exchanges}),
    }


def load_or_parse(logfile, cache_dir):
    cache_dir.mkdir(exist_ok=True)
    cached = cache_dir / f"{cache_key(logfile)}.json"
    if cached.exists():
        log.info("using cached parse %s", cached.name)
        return json.loads(cached.read_text())
    exchanges, bad = parse(logfile)
    if bad:
        log.warning("%d line(s) could not be parsed", bad)
    summary = summarise(exchanges)
    cached.write_text(json.dumps(summary))
    return summary


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("logfile", nargs="?", default="logs/bells.log")
    ap.add_argument("--out", default="bell-summary.json")
    ap.add_argument("--cache", default=".bellcache")
    ap.add_argument("--share-code", action="store_true",
                    help="also print the summary as a base64 code for the volunteers' chat")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    try:
        summary = load_or_parse(args.logfile, Path(args.cache))
    except OSError as exc:
        log.error("cannot read %s: %s", args.logfile, exc)
        return 1
    Path(args.out).write_text(json.dumps(summary, indent=2))
    print(f"{summary['total']} exchanges, {len(summary['unacknowledged'])} unacknowledged")
    if args.share_code:
        print(base64.urlsafe_b64encode(json.dumps(summary).encode()).decode())
    return 0


if __name__ == "__main__":
    sys.exit(main())
