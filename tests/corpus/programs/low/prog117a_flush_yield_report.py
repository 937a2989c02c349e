#!/usr/bin/env python3
"""Per-flush yield and biological efficiency report for the mushroom rooms.

Input is the harvest ledger export (one row per picking: date, room, batch,
flush, variety, fresh_kg) plus the substrate batch sheet (batch, dry_kg).
Output is a markdown summary and a CSV of biological efficiency (fresh
weight / dry substrate weight) per batch and flush. Parsed inputs are cached
in .cache/ keyed on the file contents so re-runs during the weekly meeting
are instant.
"""

import argparse
import csv
import hashlib
import json
import logging
import shutil
import statistics
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("flush_report")

CACHE_DIR = Path(".cache/flush_report")


def cache_key(*paths):
    h = hashlib.md5()
    for p in paths:
        h.update(Path(p).read_bytes())
    return h.hexdigest()


def read_rows(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        yield from csv.DictReader(fh)


def parse_inputs(harvest_csv, batches_csv):
    key = cache_key(harvest_csv, batches_csv)
    cached = CACHE_DIR / f"{key}.json"
    if cached.exists():
        log.debug("cache hit %s", key)
        return json.loads(cached.read_text())

    dry = {r["batch"]: float(r["dry_kg"]) for r in read_rows(batches_csv)}
    picks = defaultdict(float)
    meta = {}
    for r in read_rows(harvest_csv):
        k = f'{r["batch"]}|{r["flush"]}'
        picks[k] += float(r["fresh_kg"] or 0)
        meta[r["batch"]] = {"room": r["room"], "variety": r["variety"]}
    data = {"dry": dry, "picks": picks, "meta": meta}
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps(data))
    return data


def efficiency_rows(data):
    for k, fresh in sorted(data["picks"].items()):
        batch, flush = k.split("|")
        dry_kg = data["dry"].get(batch)
        if not dry_kg:
            log.warning("no dry weight for batch %s", batch)
            continue
        meta = data["meta"].get(batch, {})
        yield {
            "batch": batch, "flush": int(flush),
            "room": meta.get("room", ""), "variety": meta.get("variety", ""),
            "fresh_kg": round(fresh, 2), "dry_kg": dry_kg,
            "be_pct": round(100.0 * fresh / dry_kg, 1),
        }


def write_csv(rows, path):
    fields = ["batch", "flush", "room", "variety", "fresh_kg", "dry_kg", "be_pct"]
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)


def write_markdown(rows, path):
    by_variety = defaultdict(list)
    by_flush = defaultdict(float)
    for r in rows:
        by_variety[r["variety"]].append(r["be_pct"])
        by_flush[r["flush"]] += r["fresh_kg"]
    lines = ["# Flush yield report", "", "| Variety | Batches/flushes | Mean BE % | Best BE % |",
             "|---|---:|---:|---:|"]
    for variety, vals in sorted(by_variety.items()):
        lines.append(f"| {variety} | {len(vals)} | {statistics.mean(vals):.1f} | {max(vals):.1f} |")
    lines += ["", "| Flush | Fresh kg |", "|---:|---:|"]
    lines += [f"| {f} | {kg:.1f} |" for f, kg in sorted(by_flush.items())]
    Path(path).write_text("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description="mushroom flush yield report")
    ap.add_argument("harvest_csv")
    ap.add_argument("batches_csv")
    ap.add_argument("-o", "--out-prefix", default="flush_report")
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("cleared %s", CACHE_DIR)

    try:
        data = parse_inputs(args.harvest_csv, args.batches_csv)
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot read inputs: %s", exc)
        return 1

    rows = list(efficiency_rows(data))
    if not rows:
        log.error("no rows with matching substrate batches")
        return 1
    write_csv(rows, f"{args.out_prefix}.csv")
    write_markdown(rows, f"{args.out_prefix}.md")
    log.info("%d batch/flush rows -> %s.csv, %s.md", len(rows), args.out_prefix, args.out_prefix)
    return 0


if __name__ == "__main__":
    sys.exit(main())
