#!/usr/bin/env python3
"""Custodian collection status report.

Reads the case team's custodian list (CSV), looks up each custodian's
collection status on the collection tracker's read-only status endpoint and
writes a Markdown status report for the weekly case meeting.
"""

import argparse
import csv
import json
import logging
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from datetime import date
from pathlib import Path

LOG = logging.getLogger("custodian_status")

STATUS_URL = "https://tracker.example.com/api/v1/status"


class Custodian:
    def __init__(self, row):
        self.id = row["custodian_id"].strip()
        self.name = row.get("name", "").strip()
        self.department = row.get("department", "").strip()
        self.status = "unknown"
        self.items = 0

    def as_row(self):
        return f"| {self.id} | {self.name} | {self.department} | {self.status} | {self.items} |"


def read_custodians(path):
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        if "custodian_id" not in (reader.fieldnames or []):
            raise ValueError("CSV needs a custodian_id column")
        return [Custodian(r) for r in reader if r.get("custodian_id")]


def lookup(base_url, matter, custodian, timeout):
    query = urllib.parse.urlencode({"matter": matter, "custodian": custodian.id})
    url = f"{base_url}?{query}"
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            data = json.loads(resp.read().decode("utf-8"))
    except (urllib.error.URLError, ValueError) as exc:
        LOG.warning("lookup failed for %s: %s", custodian.id, exc)
        return
    custodian.status = data.get("status", "unknown")
    custodian.items = int(data.get("item_count", 0))


def render(matter, custodians):
    counts = Counter(c.status for c in custodians)
    lines = [
        f"# Collection status - matter {matter}",
        "",
        f"Report date: {date.today().isoformat()}",
        "",
        "| Status | Custodians |",
        "|---|---|",
    ]
    for status, n in sorted(counts.items()):
        lines.append(f"| {status} | {n} |")
    lines += [
        "",
        "| ID | Name | Department | Status | Items |",
        "|---|---|---|---|---|",
    ]
    lines += [c.as_row() for c in sorted(custodians, key=lambda c: c.id)]
    return "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("custodian_csv", type=Path)
    ap.add_argument("--matter", required=True)
    ap.add_argument("--url", default=STATUS_URL)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("-o", "--output", type=Path, default=Path("custodian_status.md"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        custodians = read_custodians(args.custodian_csv)
    except (OSError, ValueError) as exc:
        LOG.error("cannot read custodian list: %s", exc)
        return 2

    LOG.info("looking up %d custodians", len(custodians))
    for c in custodians:
        lookup(args.url, args.matter, c, args.timeout)

    args.output.write_text(render(args.matter, custodians), encoding="utf-8")
    LOG.info("report written to %s", args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
