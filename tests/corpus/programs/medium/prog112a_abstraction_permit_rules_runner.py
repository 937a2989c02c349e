#!/usr/bin/env python3
"""Prepare abstraction permit returns for customer boreholes.

Reads the metered abstraction volumes we hold for each licensed borehole,
applies the regulator's current form rules (validation, rounding, which
boxes are mandatory for each licence class) and writes one JSON return per
licence ready for upload to the regulator's portal.

Form rules change most years, so they are kept out of this script in the
form_rules/ folder (one rules_<year>.py per filing year, kept in the repo).
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import sys
from collections import defaultdict
from pathlib import Path

logger = logging.getLogger("permit_filer")

RULES_DIR = Path(os.environ.get("PERMIT_RULES_DIR", "form_rules"))


class RuleSet:
    """Container for the validation hooks defined by a rules module."""

    def __init__(self, namespace: dict):
        self.version = namespace.get("RULES_VERSION", "unknown")
        self.validate = namespace.get("validate_return", lambda ret: [])
        self.round_volume = namespace.get("round_volume", lambda v: round(v, 1))
        self.mandatory = namespace.get("MANDATORY_FIELDS", ["licence_no", "total_m3"])


def read_rules_source(year: int) -> str:
    path = RULES_DIR / f"rules_{year}.py"
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RuntimeError(f"could not read form rules {path}: {exc}") from exc


def load_rules(year: int) -> RuleSet:
    source = read_rules_source(year)
    namespace = {"__name__": f"permit_rules_{year}", "dt": dt}
    code = compile(source, f"<rules {year}>", "exec")
    exec(code, namespace)
    rules = RuleSet(namespace)
    logger.info("using form rules %s", rules.version)
    return rules


def read_meter_log(path: Path, year: int) -> dict:
    volumes = defaultdict(lambda: {"total_m3": 0.0, "months": defaultdict(float)})
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            when = dt.date.fromisoformat(row["date"])
            if when.year != year:
                continue
            lic = row["licence_no"].strip()
            vol = float(row["volume_m3"])
            volumes[lic]["total_m3"] += vol
            volumes[lic]["months"][when.strftime("%Y-%m")] += vol
            volumes[lic]["site"] = row.get("site_name", "")
    return volumes


def build_return(licence: str, data: dict, rules: RuleSet, year: int) -> dict:
    return {
        "licence_no": licence,
        "site_name": data.get("site", ""),
        "return_year": year,
        "total_m3": rules.round_volume(data["total_m3"]),
        "monthly_m3": {m: rules.round_volume(v) for m, v in sorted(data["months"].items())},
        "prepared": dt.date.today().isoformat(),
        "rules_version": rules.version,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description="Build abstraction returns")
    ap.add_argument("meter_log", type=Path)
    ap.add_argument("--year", type=int, default=dt.date.today().year - 1)
    ap.add_argument("--out", type=Path, default=Path("returns"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        rules = load_rules(args.year)
    except RuntimeError as exc:
        logger.error("%s", exc)
        return 2

    volumes = read_meter_log(args.meter_log, args.year)
    args.out.mkdir(exist_ok=True)
    problems = 0
    for licence, data in sorted(volumes.items()):
        ret = build_return(licence, data, rules, args.year)
        missing = [f for f in rules.mandatory if not ret.get(f)]
        errors = list(rules.validate(ret)) + [f"missing {f}" for f in missing]
        if errors:
            problems += 1
            logger.warning("%s: %s", licence, "; ".join(errors))
        target = args.out / f"return_{licence.replace('/', '-')}_{args.year}.json"
        target.write_text(json.dumps(ret, indent=2))
        logger.info("wrote %s (%.1f m3)", target, ret["total_m3"])
    logger.info("%d licences, %d with problems", len(volumes), problems)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
