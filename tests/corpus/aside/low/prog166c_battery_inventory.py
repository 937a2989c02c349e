#!/usr/bin/env python3
"""LiPo battery inventory for the club's training fleet.

Reads the battery register and the charge log (both CSV, kept in the
project folder), flags packs that are due for retirement or a storage
charge, and writes a short report for the safety officer.
"""

import argparse
import csv
import hashlib
import json
import logging
from collections import defaultdict
from datetime import date, datetime
from pathlib import Path

CACHE_DIR = Path(".cache")
MAX_CYCLES = 250
MAX_AGE_DAYS = 3 * 365
STORAGE_CHECK_DAYS = 14

log = logging.getLogger("battery_inventory")


def cache_key(*paths: Path) -> str:
    h = hashlib.md5()
    for p in paths:
        h.update(p.read_bytes())
    return h.hexdigest()


def read_register(path: Path) -> dict:
    packs = {}
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            packs[row["pack_id"]] = {
                "cells": int(row.get("cells", 3)),
                "capacity": int(row.get("capacity_mah", 0)),
                "bought": row.get("purchased", ""),
                "aircraft": row.get("aircraft", ""),
            }
    return packs


def read_charges(path: Path) -> dict:
    stats = defaultdict(lambda: {"cycles": 0, "last": None, "last_mode": ""})
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            s = stats[row["pack_id"]]
            when = row.get("date", "")
            if row.get("mode", "charge") == "charge":
                s["cycles"] += 1
            if s["last"] is None or when > s["last"]:
                s["last"] = when
                s["last_mode"] = row.get("mode", "")
    return stats


def assess(packs: dict, stats: dict, today: date) -> list:
    findings = []
    for pack_id, info in sorted(packs.items()):
        s = stats.get(pack_id, {"cycles": 0, "last": None, "last_mode": ""})
        notes = []
        if s["cycles"] >= MAX_CYCLES:
            notes.append(f"{s['cycles']} cycles - retire")
        if info["bought"]:
            age = (today - datetime.strptime(info["bought"], "%Y-%m-%d").date()).days
            if age > MAX_AGE_DAYS:
                notes.append(f"{age // 365} years old - inspect for puffing")
        if s["last"]:
            idle = (today - datetime.strptime(s["last"], "%Y-%m-%d").date()).days
            if idle > STORAGE_CHECK_DAYS and s["last_mode"] != "storage":
                notes.append(f"idle {idle} days, not at storage voltage")
        findings.append({"pack": pack_id, "aircraft": info["aircraft"],
                         "cycles": s["cycles"], "notes": notes})
    return findings


def write_report(findings: list, out: Path):
    lines = ["Battery report", "=" * 40]
    for f in findings:
        status = "; ".join(f["notes"]) if f["notes"] else "ok"
        lines.append(f"{f['pack']:<10} {f['aircraft']:<18} {f['cycles']:>4}  {status}")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main():
    parser = argparse.ArgumentParser(description="LiPo inventory check")
    parser.add_argument("--register", type=Path, default=Path("batteries.csv"))
    parser.add_argument("--charges", type=Path, default=Path("charge_log.csv"))
    parser.add_argument("--out", type=Path, default=Path("battery_report.txt"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / f"{cache_key(args.register, args.charges)}.json"
    if cached.exists():
        findings = json.loads(cached.read_text())
        log.info("using cached assessment")
    else:
        findings = assess(read_register(args.register), read_charges(args.charges), date.today())
        cached.write_text(json.dumps(findings))

    write_report(findings, args.out)
    flagged = sum(1 for f in findings if f["notes"])
    log.info("%d packs checked, %d need attention; report in %s", len(findings), flagged, args.out)


if __name__ == "__main__":
    main()
