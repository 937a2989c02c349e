#!/usr/bin/env python3
"""Run data-quality checks over extracted CSV files as the ETL service account.

Checks are declared in a JSON file:

    {"orders.csv": {"not_null": ["order_id", "customer_id"],
                    "unique": ["order_id"],
                    "range": {"amount": [0, 100000]}}}

The worker is started by the scheduler's root-owned supervisor; it switches
to the configured service account before touching any data files so result
files are owned correctly.

    python dq_check_worker.py checks.json --data-dir ./extract --user etl
"""
import argparse
import csv
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import sys
from pathlib import Path

log = logging.getLogger("dq_worker")


def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)


def become_service_account(name: str) -> None:
    entry = pwd.getpwnam(name)
    groups = [g.gr_gid for g in grp.getgrall() if name in g.gr_mem] + [entry.pw_gid]
    libc = _libc()
    gid_array = (ctypes.c_uint * len(groups))(*groups)
    steps = (
        ("setgroups", lambda: libc.setgroups(len(groups), gid_array)),
        ("setresgid", lambda: libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid)),
        ("setresuid", lambda: libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid)),
    )
    for label, call in steps:
        if call() != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{label} failed: {os.strerror(err)}")
    os.environ.update(HOME=entry.pw_dir, USER=name, LOGNAME=name)
    log.info("running as %s (uid=%d gid=%d)", name, os.getuid(), os.getgid())


def read_rows(path: Path):
    with path.open(newline="") as fh:
        yield from csv.DictReader(fh)


def check_file(path: Path, rules: dict) -> list:
    failures = []
    seen = {col: set() for col in rules.get("unique", [])}
    ranges = rules.get("range", {})
    for lineno, row in enumerate(read_rows(path), start=2):
        for col in rules.get("not_null", []):
            if not (row.get(col) or "").strip():
                failures.append({"line": lineno, "rule": "not_null", "column": col})
        for col, values in seen.items():
            value = row.get(col)
            if value in values:
                failures.append({"line": lineno, "rule": "unique", "column": col, "value": value})
            values.add(value)
        for col, (lo, hi) in ranges.items():
            try:
                num = float(row.get(col, ""))
            except ValueError:
                failures.append({"line": lineno, "rule": "numeric", "column": col})
                continue
            if not lo <= num <= hi:
                failures.append({"line": lineno, "rule": "range", "column": col, "value": num})
    return failures


def run_checks(spec: dict, data_dir: Path) -> dict:
    results = {}
    for filename, rules in spec.items():
        path = data_dir / filename
        if not path.exists():
            results[filename] = {"status": "missing"}
            continue
        failures = check_file(path, rules)
        results[filename] = {"status": "pass" if not failures else "fail",
                             "failures": failures[:200], "failure_count": len(failures)}
        log.info("%s: %s (%d failures)", filename, results[filename]["status"], len(failures))
    return results


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("checks", type=Path)
    p.add_argument("--data-dir", type=Path, default=Path("extract"))
    p.add_argument("--out", type=Path, default=Path("dq_results.json"))
    p.add_argument("--user", default=os.environ.get("DQ_SERVICE_USER", "etl"))
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        become_service_account(args.user)
    except (KeyError, OSError) as exc:
        log.error("cannot switch to %s: %s", args.user, exc)
        return 3

    try:
        spec = json.loads(args.checks.read_text())
    except (OSError, ValueError) as exc:
        log.error("bad checks file: %s", exc)
        return 2

    results = run_checks(spec, args.data_dir)
    args.out.write_text(json.dumps(results, indent=2))
    failed = [f for f, r in results.items() if r["status"] != "pass"]
    if failed:
        log.error("checks failed for: %s", ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
