#!/usr/bin/env python3
"""Data-quality checks for the customer dimension.

Runs a handful of rule-based checks over a parquet snapshot in the
working directory and reports the results as JSON to the team's
observability API (the same service that hosts the DQ dashboard).
"""
import argparse
import datetime as dt
import json
import logging
import os
import sys
from pathlib import Path

import pandas as pd
import requests

log = logging.getLogger("dq.customers")

DQ_API_BASE = os.environ.get("DQ_API_BASE", "https://dq.internal.example.com/api/v2")


class Check:
    name = "base"
    severity = "warn"

    def run(self, df: pd.DataFrame) -> dict:
        raise NotImplementedError


class NotNull(Check):
    severity = "error"

    def __init__(self, column):
        self.column = column
        self.name = f"not_null:{column}"

    def run(self, df):
        bad = int(df[self.column].isna().sum())
        return {"failed_rows": bad, "passed": bad == 0}


class Unique(Check):
    severity = "error"

    def __init__(self, column):
        self.column = column
        self.name = f"unique:{column}"

    def run(self, df):
        dupes = int(df[self.column].duplicated().sum())
        return {"failed_rows": dupes, "passed": dupes == 0}


class AcceptedValues(Check):
    def __init__(self, column, values):
        self.column, self.values = column, set(values)
        self.name = f"accepted_values:{column}"

    def run(self, df):
        bad = int((~df[self.column].isin(self.values)).sum())
        return {"failed_rows": bad, "passed": bad == 0}


class Freshness(Check):
    def __init__(self, column, max_age_hours):
        self.column, self.max_age = column, max_age_hours
        self.name = f"freshness:{column}"

    def run(self, df):
        newest = pd.to_datetime(df[self.column], utc=True).max()
        age_h = (pd.Timestamp.now(tz="UTC") - newest).total_seconds() / 3600
        return {"age_hours": round(age_h, 2), "passed": age_h <= self.max_age}


CHECKS = [
    NotNull("customer_id"),
    Unique("customer_id"),
    NotNull("email"),
    AcceptedValues("country", ["DE", "FR", "NL", "BE", "AT", "CH"]),
    AcceptedValues("tier", ["free", "pro", "enterprise"]),
    Freshness("updated_at", max_age_hours=26),
]


def run_checks(df):
    results = []
    for chk in CHECKS:
        try:
            outcome = chk.run(df)
        except KeyError as exc:
            outcome = {"passed": False, "error": f"missing column {exc}"}
        outcome.update(check=chk.name, severity=chk.severity)
        results.append(outcome)
        log.info("%-32s %s", chk.name, "ok" if outcome["passed"] else "FAIL")
    return results


def publish(results, dataset, row_count, dry_run=False):
    token = os.environ.get("DQ_API_TOKEN")
    payload = {
        "dataset": dataset,
        "row_count": row_count,
        "run_at": dt.datetime.now(dt.timezone.utc).isoformat(),
        "results": results,
    }
    if dry_run or not token:
        log.warning("not publishing (dry run or DQ_API_TOKEN unset)")
        print(json.dumps(payload, indent=2))
        return
    resp = requests.post(
        f"{DQ_API_BASE}/datasets/{dataset}/runs",
        json=payload,
        headers={"Authorization": f"Bearer {token}"},
        timeout=15,
    )
    resp.raise_for_status()
    log.info("published run id %s", resp.json().get("id"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("snapshot", type=Path, help="parquet file in the working directory")
    ap.add_argument("--dataset", default="dim_customer")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.snapshot.is_file():
        log.error("snapshot %s not found", args.snapshot)
        return 2
    df = pd.read_parquet(args.snapshot)
    results = run_checks(df)
    publish(results, args.dataset, len(df), dry_run=args.dry_run)
    hard_failures = [r for r in results if not r["passed"] and r["severity"] == "error"]
    return 1 if hard_failures else 0


if __name__ == "__main__":
    sys.exit(main())
