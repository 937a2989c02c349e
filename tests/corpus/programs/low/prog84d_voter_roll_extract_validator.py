#!/usr/bin/env python3
"""Field-level validation of a voter-roll extract before it is loaded.

Checks every record of the pipe-delimited state extract against the
published layout: required fields, date formats, status codes, precinct
codes known to the county, and plausible ages.  Results are cached per
extract file (keyed by content hash) so re-running the morning checklist
does not re-scan a 2 GB file that has not changed.
"""

import argparse
import csv
import datetime as dt
import hashlib
import json
import logging
import sys
from collections import Counter
from pathlib import Path

log = logging.getLogger("vr-validate")

LAYOUT = {
    "voter_id": {"required": True, "pattern": "digits", "len": (6, 12)},
    "last_name": {"required": True},
    "first_name": {"required": True},
    "dob": {"required": True, "date": "%Y-%m-%d"},
    "precinct": {"required": True},
    "status": {"required": True, "choices": {"A", "I", "C", "P"}},
    "registered_on": {"required": True, "date": "%Y-%m-%d"},
    "county": {"required": True, "len": (3, 3)},
}
CACHE_DIR = Path(".vr_cache")


def cache_key(path, chunk=1 << 20):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def check_field(name, value, rule, today):
    if not value:
        return "missing" if rule.get("required") else None
    if rule.get("pattern") == "digits" and not value.isdigit():
        return "not_numeric"
    lo_hi = rule.get("len")
    if lo_hi and not lo_hi[0] <= len(value) <= lo_hi[1]:
        return "bad_length"
    if "choices" in rule and value not in rule["choices"]:
        return "bad_code"
    if "date" in rule:
        try:
            d = dt.datetime.strptime(value, rule["date"]).date()
        except ValueError:
            return "bad_date"
        if d > today:
            return "future_date"
        if name == "dob" and (today.year - d.year) > 115:
            return "implausible_age"
    return None


def validate(path, precincts):
    today = dt.date.today()
    errors = Counter()
    samples = {}
    rows = 0
    with open(path, newline="", encoding="latin-1") as fh:
        for lineno, rec in enumerate(csv.DictReader(fh, delimiter="|"), start=2):
            rows += 1
            for name, rule in LAYOUT.items():
                err = check_field(name, (rec.get(name) or "").strip(), rule, today)
                if err:
                    key = f"{name}:{err}"
                    errors[key] += 1
                    samples.setdefault(key, lineno)
            pct = (rec.get("precinct") or "").strip()
            if precincts and pct and pct not in precincts:
                errors["precinct:unknown"] += 1
                samples.setdefault("precinct:unknown", lineno)
    return {"rows": rows, "errors": dict(errors), "first_line": samples}


def load_precincts(path):
    p = Path(path)
    if not p.exists():
        log.warning("precinct list %s missing; skipping precinct check", path)
        return set()
    return {ln.split(",")[0].strip() for ln in p.read_text().splitlines()
            if ln.strip() and not ln.startswith("#")}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("extract")
    ap.add_argument("--precincts", default="precincts.csv")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("--max-error-rate", type=float, default=0.001)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
        log.info("cleared %s", CACHE_DIR)

    key = cache_key(args.extract)
    cached = CACHE_DIR / f"{key}.json"
    if cached.exists() and not args.no_cache:
        result = json.loads(cached.read_text())
        log.info("using cached result for %s", key)
    else:
        result = validate(args.extract, load_precincts(args.precincts))
        CACHE_DIR.mkdir(exist_ok=True)
        cached.write_text(json.dumps(result, indent=2))

    total_err = sum(result["errors"].values())
    rate = total_err / result["rows"] if result["rows"] else 1.0
    for k, n in sorted(result["errors"].items(), key=lambda kv: -kv[1]):
        log.info("%-28s %8d  (first at line %d)", k, n, result["first_line"][k])
    log.info("%d rows, %d field errors (%.3f%%)", result["rows"], total_err, rate * 100)
    return 0 if rate <= args.max_error_rate else 1


if __name__ == "__main__":
    sys.exit(main())
