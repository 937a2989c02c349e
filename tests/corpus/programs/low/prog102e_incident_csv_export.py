#!/usr/bin/env python3
"""Export incident reports from the station ePCR cache to CSV.

Pulls closed incidents for a date range out of the local patient care record
cache (SQLite), flattens observations and writes a CSV for the clinical audit
team, plus a small JSON sidecar with row counts the uploader checks against.
"""
import argparse
import csv
import hashlib
import io
import json
import logging
import os
import sqlite3
import sys
from datetime import date, datetime

log = logging.getLogger("pcr-export")

FIELDS = ["incident_no", "call_received", "category", "callsign", "patient_name",
          "nhs_number", "dob", "presenting_complaint", "news2", "outcome", "receiving_unit"]


def fetch_incidents(db_path, start, end):
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    try:
        rows = conn.execute(
            """SELECT i.incident_no, i.call_received, i.category, i.callsign,
                      p.name AS patient_name, p.nhs_number, p.dob,
                      i.presenting_complaint, i.outcome, i.receiving_unit,
                      (SELECT MAX(o.news2) FROM observations o WHERE o.incident_no = i.incident_no) AS news2
               FROM incidents i JOIN patients p ON p.id = i.patient_id
               WHERE i.status = 'closed' AND date(i.call_received) BETWEEN ? AND ?
               ORDER BY i.call_received""",
            (start.isoformat(), end.isoformat()),
        ).fetchall()
    finally:
        conn.close()
    return [dict(r) for r in rows]


def render_csv(rows):
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=FIELDS, extrasaction="ignore")
    writer.writeheader()
    for row in rows:
        writer.writerow(row)
    return buf.getvalue()


def write_sidecar(path, rows, text):
    meta = {
        "file": os.path.basename(path),
        "rows": len(rows),
        "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
        "categories": sorted({str(r.get("category")) for r in rows}),
        "generated": datetime.now().isoformat(timespec="seconds"),
    }
    side = path + ".json"
    with open(side, "w", encoding="utf-8") as fh:
        json.dump(meta, fh, indent=2)
    os.chmod(side, 0o600)
    return side


def write_export(out_dir, start, end, text):
    os.makedirs(out_dir, exist_ok=True)
    name = f"incidents_{start:%Y%m%d}_{end:%Y%m%d}.csv"
    path = os.path.join(out_dir, name)
    with open(path, "w", encoding="utf-8", newline="") as fh:
        fh.write(text)
    os.chmod(path, 0o600)
    return path


def parse_date(value):
    return datetime.strptime(value, "%Y-%m-%d").date()


def main():
    ap = argparse.ArgumentParser(description="Export closed incidents for clinical audit")
    ap.add_argument("--db", default="epcr_cache.sqlite3")
    ap.add_argument("--from", dest="start", type=parse_date, default=date.today().replace(day=1))
    ap.add_argument("--to", dest="end", type=parse_date, default=date.today())
    ap.add_argument("--out", default="exports")
    ap.add_argument("--no-sidecar", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if args.end < args.start:
        log.error("--to is before --from")
        return 1
    try:
        rows = fetch_incidents(args.db, args.start, args.end)
    except sqlite3.Error as exc:
        log.error("cannot read ePCR cache %s: %s", args.db, exc)
        return 1
    if not rows:
        log.info("no closed incidents between %s and %s", args.start, args.end)
        return 0

    text = render_csv(rows)
    path = write_export(args.out, args.start, args.end, text)
    log.info("wrote %d incidents to %s", len(rows), path)

    if not args.no_sidecar:
        log.info("sidecar %s", write_sidecar(path, rows, text))
    return 0


if __name__ == "__main__":
    sys.exit(main())
