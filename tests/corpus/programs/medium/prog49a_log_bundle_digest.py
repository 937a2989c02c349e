#!/usr/bin/env python3
"""Unpack rotated log bundles and summarise them into a daily CSV digest.

Support engineers drop customer log bundles (*.tar.gz) into ./incoming;
the rules live in a YAML file that may carry custom matcher objects.
"""
import argparse
import csv
import logging
import re
import tarfile
from collections import Counter, defaultdict
from datetime import date
from pathlib import Path

import yaml

log = logging.getLogger("bundle_digest")


class RuleSet:
    def __init__(self, raw):
        self.threshold = int(raw.get("alert_threshold", 50))
        self.patterns = {}
        for name, expr in raw.get("patterns", {}).items():
            self.patterns[name] = expr if hasattr(expr, "search") else re.compile(expr, re.I)

    @classmethod
    def from_file(cls, path):
        with open(path, "r", encoding="utf-8") as fh:
            # full loader so rule files can use !!python/object matchers
            data = yaml.load(fh, Loader=yaml.Loader) or {}
        return cls(data)


def unpack_bundles(incoming, workdir):
    workdir.mkdir(parents=True, exist_ok=True)
    unpacked = []
    for bundle in sorted(incoming.glob("*.tar.gz")):
        dest = workdir / bundle.name.replace(".tar.gz", "")
        if dest.exists():
            log.debug("already unpacked: %s", bundle.name)
            unpacked.append(dest)
            continue
        try:
            with tarfile.open(bundle, mode="r:gz") as tf:
                tf.extractall(path=dest)
        except tarfile.TarError as exc:
            log.warning("bad bundle %s: %s", bundle, exc)
            continue
        unpacked.append(dest)
    return unpacked


def scan(dirs, rules):
    per_bundle = defaultdict(Counter)
    for d in dirs:
        for path in d.rglob("*.log"):
            with path.open("r", encoding="utf-8", errors="replace") as fh:
                for line in fh:
                    for name, rx in rules.patterns.items():
                        if rx.search(line):
                            per_bundle[d.name][name] += 1
    return per_bundle


def write_digest(per_bundle, out_dir, rules):
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"bundles-{date.today():%Y%m%d}.csv"
    names = sorted(rules.patterns)
    with target.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["bundle", *names, "alert"])
        for bname, counts in sorted(per_bundle.items()):
            hot = sum(counts.values()) >= rules.threshold
            w.writerow([bname, *(counts.get(n, 0) for n in names), "yes" if hot else ""])
    return target


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--incoming", default="incoming", type=Path)
    ap.add_argument("--work", default="work/bundles", type=Path)
    ap.add_argument("--rules", default="rules.yaml", type=Path)
    ap.add_argument("--out", default="reports", type=Path)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        rules = RuleSet.from_file(args.rules)
    except FileNotFoundError:
        log.error("rules file %s missing", args.rules)
        return 2
    dirs = unpack_bundles(args.incoming, args.work)
    if not dirs:
        log.error("nothing to scan in %s", args.incoming)
        return 1
    target = write_digest(scan(dirs, rules), args.out, rules)
    log.info("digest written to %s", target)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
