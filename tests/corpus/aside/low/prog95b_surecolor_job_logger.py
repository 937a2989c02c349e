#!/usr/bin/env python3
"""Epson SureColor job accounting logger.

Reads the job log CSV exports the SureColor S-series printers write through
Epson Edge Print into ./joblogs, totals ink and media per job and pushes the
batch to the shop MIS so jobs can be costed. Files already pushed are
remembered in .pushed.json.
"""
import argparse
import csv
import json
import logging
import os
import socket
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("surecolor-logger")

MIS_URL = os.environ.get("MIS_URL", "https://mis.bannerhouse-print.example/api/v2/jobs")
STATE_FILE = Path(".pushed.json")
INK_COLUMNS = ("C", "M", "Y", "K", "Lc", "Lm", "Lk", "Or", "Wh")


def read_state():
    try:
        return set(json.loads(STATE_FILE.read_text()))
    except (OSError, ValueError):
        return set()


def save_state(done):
    STATE_FILE.write_text(json.dumps(sorted(done)))


def parse_joblog(path):
    jobs = []
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                ink = sum(float(row.get(col) or 0) for col in INK_COLUMNS)
                width_mm = float(row.get("Width(mm)") or 0)
                length_mm = float(row.get("Length(mm)") or 0)
                jobs.append({
                    "job_name": row.get("Job Name", "").strip(),
                    "printer": row.get("Model", "").strip(),
                    "substrate": row.get("Media", "").strip(),
                    "area_m2": round(width_mm * length_mm / 1e6, 3),
                    "ink_ml": round(ink, 2),
                    "started": row.get("Start"),
                    "status": row.get("Result", "unknown"),
                })
            except ValueError as exc:
                log.warning("%s: bad row skipped (%s)", path.name, exc)
    return jobs


def push(batch, api_key):
    body = {"source": "epson-surecolor", "station": socket.gethostname(),
            "jobs": batch}
    req = urllib.request.Request(
        MIS_URL, data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json",
                 "Authorization": f"Bearer {api_key}"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description="Push SureColor job logs to the MIS")
    ap.add_argument("--dir", default="joblogs", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("MIS_API_KEY")
    if not api_key and not args.dry_run:
        log.error("MIS_API_KEY is not set")
        return 2

    done = read_state()
    pending = sorted(p for p in args.dir.glob("*.csv") if p.name not in done)
    if not pending:
        log.info("nothing new in %s", args.dir)
        return 0

    for path in pending:
        batch = parse_joblog(path)
        log.info("%s: %d jobs, %.1f m2", path.name, len(batch),
                 sum(j["area_m2"] for j in batch))
        if args.dry_run:
            continue
        try:
            status = push(batch, api_key)
        except urllib.error.URLError as exc:
            log.error("push of %s failed: %s", path.name, exc)
            continue
        log.info("%s pushed (HTTP %s)", path.name, status)
        done.add(path.name)
        save_state(done)
    return 0


if __name__ == "__main__":
    sys.exit(main())
