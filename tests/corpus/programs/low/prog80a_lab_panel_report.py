#!/usr/bin/env python3
"""Import contract-lab panel results and flag lots that are out of spec.

The lab e-mails a CSV per submission (one row per sample) with columns like:

    lot,sample_date,alcohol_pct,ph,ta_gl,va_gl,free_so2_mgl,total_so2_mgl,rs_gl

Spec limits per wine style live in specs.json:

    {"red_dry": {"ph": [3.3, 3.8], "va_gl": [null, 0.9], ...}, ...}

and lot -> style mapping in lots.json. Parsed files are cached under
.labcache/ keyed by the file's MD5 so re-running over a folder of old
submissions is quick. The report contains customer lot data and is written
readable by the owner only.
"""

import argparse
import csv
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("lab_panel")

NUMERIC = ("alcohol_pct", "ph", "ta_gl", "va_gl", "free_so2_mgl", "total_so2_mgl", "rs_gl")
CACHE_DIR = Path(".labcache")


def file_key(path: Path) -> str:
    h = hashlib.md5()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def parse_csv(path: Path):
    rows = []
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for line_no, row in enumerate(csv.DictReader(fh), start=2):
            rec = {"lot": row.get("lot", "").strip(), "sample_date": row.get("sample_date")}
            for col in NUMERIC:
                raw = (row.get(col) or "").strip().replace(",", ".")
                try:
                    rec[col] = float(raw) if raw and raw.upper() != "ND" else None
                except ValueError:
                    log.warning("%s:%d bad value %r for %s", path.name, line_no, raw, col)
                    rec[col] = None
            rows.append(rec)
    return rows


def load_results(path: Path):
    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / f"{file_key(path)}.json"
    if cached.exists():
        return json.loads(cached.read_text())
    rows = parse_csv(path)
    cached.write_text(json.dumps(rows))
    return rows


def check(rec: dict, limits: dict):
    problems = []
    for col, (lo, hi) in limits.items():
        val = rec.get(col)
        if val is None:
            continue
        if lo is not None and val < lo:
            problems.append(f"{col} {val} < {lo}")
        if hi is not None and val > hi:
            problems.append(f"{col} {val} > {hi}")
    return problems


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Flag out-of-spec lab results")
    ap.add_argument("inputs", nargs="+", type=Path, help="lab CSV files or folders")
    ap.add_argument("--specs", type=Path, default=Path("specs.json"))
    ap.add_argument("--lots", type=Path, default=Path("lots.json"))
    ap.add_argument("-o", "--report", type=Path, default=Path("lab_report.md"))
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
        log.info("cache cleared")

    try:
        specs = json.loads(args.specs.read_text())
        lot_styles = json.loads(args.lots.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot load specs/lots: %s", exc)
        return 1

    files = []
    for p in args.inputs:
        files.extend(sorted(p.glob("*.csv")) if p.is_dir() else [p])

    out = ["# Lab panel review", "", "| Lot | Date | Style | Issues |", "|---|---|---|---|"]
    flagged = total = 0
    for f in files:
        try:
            rows = load_results(f)
        except (OSError, UnicodeDecodeError) as exc:
            log.error("skipping %s: %s", f, exc)
            continue
        for rec in rows:
            total += 1
            style = lot_styles.get(rec["lot"])
            if style not in specs:
                out.append(f"| {rec['lot']} | {rec['sample_date']} | ? | no spec for lot |")
                flagged += 1
                continue
            issues = check(rec, specs[style])
            if issues:
                flagged += 1
                out.append(f"| {rec['lot']} | {rec['sample_date']} | {style} | {'; '.join(issues)} |")

    out += ["", f"{flagged} of {total} samples need attention."]
    args.report.write_text("\n".join(out) + "\n")
    os.chmod(args.report, 0o600)
    log.info("%d/%d flagged, report in %s", flagged, total, args.report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
