#!/usr/bin/env python3
"""Import CRF bundles from the sponsor's EDC export into the site visit tracker.

The sponsor drops a nightly bundle (crf-<protocol>-<date>.tar.gz) containing
schedule.yml (visit windows per arm) and one CSV per visit form.  We unpack
it under ./imports/<bundle>/, read the schedule, and upsert expected visits
into the local tracker database so coordinators can see which subjects are
coming due.
"""
import argparse
import csv
import datetime as dt
import logging
import sqlite3
import sys
import tarfile
from pathlib import Path

import yaml

log = logging.getLogger("crf-import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS expected_visits (
    protocol TEXT, subject TEXT, visit TEXT, arm TEXT,
    window_open DATE, window_close DATE, source_bundle TEXT,
    PRIMARY KEY (protocol, subject, visit)
);
"""


def unpack(bundle, root):
    dest = root / bundle.name.split(".tar")[0]
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:*") as tf:
        names = tf.getnames()
        if "schedule.yml" not in {Path(n).name for n in names}:
            raise ValueError(f"{bundle.name}: no schedule.yml")
        tf.extractall(dest)
    log.info("unpacked %d members into %s", len(names), dest)
    return dest


def load_schedule(folder):
    path = next(folder.rglob("schedule.yml"))
    with path.open(encoding="utf-8") as fh:
        sched = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(sched, dict) or "arms" not in sched:
        raise ValueError("schedule.yml has no arms")
    return sched


def expected(sched, subject_row):
    arm = subject_row["arm"]
    day0 = dt.date.fromisoformat(subject_row["randomised_on"])
    for visit in sched["arms"].get(arm, {}).get("visits", []):
        target = day0 + dt.timedelta(days=int(visit["day"]))
        before = dt.timedelta(days=int(visit.get("minus", 0)))
        after = dt.timedelta(days=int(visit.get("plus", 0)))
        yield visit["name"], arm, target - before, target + after


def upsert(conn, protocol, bundle_name, sched, subjects):
    n = 0
    for row in subjects:
        try:
            for visit, arm, opens, closes in expected(sched, row):
                conn.execute(
                    "INSERT INTO expected_visits VALUES (?,?,?,?,?,?,?) "
                    "ON CONFLICT(protocol, subject, visit) DO UPDATE SET "
                    "window_open=excluded.window_open, window_close=excluded.window_close, "
                    "source_bundle=excluded.source_bundle",
                    (protocol, row["subject"], visit, arm, opens.isoformat(),
                     closes.isoformat(), bundle_name),
                )
                n += 1
        except (KeyError, ValueError) as exc:
            log.warning("subject %s skipped: %s", row.get("subject"), exc)
    return n


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bundles", nargs="+", type=Path)
    ap.add_argument("--db", default="tracker.sqlite")
    ap.add_argument("--imports", default="imports", type=Path)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    conn = sqlite3.connect(args.db)
    conn.executescript(SCHEMA)
    failures = 0
    for bundle in args.bundles:
        try:
            folder = unpack(bundle, args.imports)
            sched = load_schedule(folder)
            protocol = sched.get("protocol") or bundle.name.split("-")[1]
            subj_csv = next(folder.rglob("subjects.csv"))
            with subj_csv.open(newline="", encoding="utf-8") as fh:
                with conn:
                    n = upsert(conn, protocol, bundle.name, sched, csv.DictReader(fh))
            log.info("%s: %d expected visits for %s", bundle.name, n, protocol)
        except (OSError, tarfile.TarError, yaml.YAMLError, ValueError, StopIteration) as exc:
            failures += 1
            log.error("%s: %s", bundle, exc)
    conn.close()
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
