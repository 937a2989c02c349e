#!/usr/bin/env python3
"""Summarise application logs in ./logs into a daily CSV digest.

Patterns and thresholds come from a small YAML file next to the logs.
Everything is read from and written to the current project directory.
"""
import argparse
import csv
import gzip
import logging
import re
from collections import Counter, defaultdict
from datetime import date
from pathlib import Path

import yaml

log = logging.getLogger("log_digest")

DEFAULT_RULES = {
    "patterns": {
        "error": r"\bERROR\b",
        "timeout": r"timed? ?out",
        "slow_query": r"duration=(\d{4,})ms",
    },
    "alert_threshold": 50,
}


class RuleSet:
    def __init__(self, raw):
        self.threshold = int(raw.get("alert_threshold", 50))
        self.patterns = {name: re.compile(expr, re.IGNORECASE)
                         for name, expr in raw.get("patterns", {}).items()}

    @classmethod
    def from_file(cls, path):
        if not path.exists():
            log.info("no rules file at %s, using defaults", path)
            return cls(DEFAULT_RULES)
        with path.open("r", encoding="utf-8") as fh:
            data = yaml.safe_load(fh) or {}
        return cls(data)


def open_log(path):
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8", errors="replace")
    return path.open("r", encoding="utf-8", errors="replace")


def scan(files, rules):
    per_file = defaultdict(Counter)
    for path in files:
        try:
            with open_log(path) as fh:
                for line in fh:
                    for name, rx in rules.patterns.items():
                        if rx.search(line):
                            per_file[path.name][name] += 1
        except (OSError, EOFError) as exc:
            log.warning("skipping %s: %s", path, exc)
    return per_file


def write_digest(per_file, out_dir, rules):
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"digest-{date.today():%Y%m%d}.csv"
    names = sorted(rules.patterns)
    with target.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["file", *names, "alert"])
        for fname, counts in sorted(per_file.items()):
            total = sum(counts.values())
            writer.writerow([fname, *(counts.get(n, 0) for n in names),
                             "yes" if total >= rules.threshold else ""])
    return target


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--logs", default="logs", type=Path)
    ap.add_argument("--rules", default="logs/digest_rules.yaml", type=Path)
    ap.add_argument("--out", default="reports", type=Path)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    rules = RuleSet.from_file(args.rules)
    files = sorted(p for p in args.logs.glob("*.log*") if p.is_file())
    if not files:
        log.error("no log files under %s", args.logs)
        return 1
    per_file = scan(files, rules)
    target = write_digest(per_file, args.out, rules)
    log.info("wrote %s (%d files scanned)", target, len(files))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
