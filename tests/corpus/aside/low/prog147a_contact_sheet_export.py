#!/usr/bin/env python3
"""Export per-squad parent contact sheets for coaches.

Each coach gets only their own squad's contacts. Sheets are written
atomically (temp file in the same folder, then rename) and locked down
to the owner because they contain phone numbers. A small MD5-keyed
cache skips squads whose source rows have not changed.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import tempfile
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("contactsheets")

FIELDS = ["child", "parent", "mobile", "email", "emergency_contact", "medical_note"]
CACHE_FILE = ".contact_cache.json"


def read_master(path):
    squads = defaultdict(list)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            squad = (row.get("squad") or "").strip()
            if not squad:
                log.warning("row for %s has no squad", row.get("child", "?"))
                continue
            squads[squad].append({k: (row.get(k) or "").strip() for k in FIELDS})
    return squads


def fingerprint(rows):
    # MD5 is only used as a change-detection key here
    blob = json.dumps(rows, sort_keys=True).encode()
    return hashlib.md5(blob).hexdigest()


def load_cache(out_dir):
    try:
        return json.loads((out_dir / CACHE_FILE).read_text())
    except (OSError, json.JSONDecodeError):
        return {}


def save_cache(out_dir, cache):
    (out_dir / CACHE_FILE).write_text(json.dumps(cache, indent=2))


def write_sheet(out_dir, squad, rows):
    target = out_dir / f"{squad}_contacts.csv"
    fd, tmp = tempfile.mkstemp(prefix=f".{squad}-", suffix=".csv", dir=out_dir)
    try:
        with os.fdopen(fd, "w", newline="", encoding="utf-8") as fh:
            writer = csv.DictWriter(fh, fieldnames=FIELDS)
            writer.writeheader()
            writer.writerows(sorted(rows, key=lambda r: r["child"].lower()))
        os.chmod(tmp, 0o600)
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return target


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("master", help="master contacts CSV with a squad column")
    ap.add_argument("--out", default="contact_sheets")
    ap.add_argument("--force", action="store_true", help="rewrite every sheet")
    ap.add_argument("--squad", action="append", help="only these squads")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    out_dir = Path(args.out)
    out_dir.mkdir(mode=0o700, exist_ok=True)
    try:
        squads = read_master(args.master)
    except FileNotFoundError:
        log.error("master file %s not found", args.master)
        return 1

    cache = {} if args.force else load_cache(out_dir)
    written = skipped = 0
    for squad, rows in sorted(squads.items()):
        if args.squad and squad not in args.squad:
            continue
        fp = fingerprint(rows)
        if cache.get(squad) == fp and (out_dir / f"{squad}_contacts.csv").exists():
            skipped += 1
            continue
        path = write_sheet(out_dir, squad, rows)
        cache[squad] = fp
        written += 1
        log.info("%-12s %3d contacts -> %s", squad, len(rows), path)
    save_cache(out_dir, cache)
    log.info("%d sheets written, %d unchanged", written, skipped)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
