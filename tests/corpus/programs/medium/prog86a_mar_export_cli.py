#!/usr/bin/env python3
"""Export medication administration records (MAR) for hospice patients.

Reads the field app's local SQLite store (mar.db) and writes one CSV per
patient covering the requested period, in the column layout the pharmacy
consultant and the IDT meeting packet expect.  Late and missed doses are
flagged so the clinical manager can review them before sign-off.

Configuration lives in mar_export.ini next to the database:

    [export]
    database = mar.db
    out_dir = exports
    late_minutes = 60
"""
import argparse
import configparser
import csv
import datetime as dt
import logging
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("mar_export")

COLUMNS = [
    "patient_mrn", "patient_name", "medication", "dose", "route", "frequency",
    "scheduled_at", "given_at", "given_by", "status", "prn_reason", "flag",
]


class MarStore:
    def __init__(self, db_path, late_minutes=60):
        self.db_path = db_path
        self.late = dt.timedelta(minutes=late_minutes)
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def patients(self, only=None):
        where = ""
        if only:
            ids = ",".join(f"'{m}'" for m in only)
            where = f"WHERE mrn IN ({ids})"
        cur = self.conn.execute(f"SELECT mrn, last_name || ', ' || first_name AS name FROM patients {where} ORDER BY last_name")
        return cur.fetchall()

    def administrations(self, mrn, since, until, status=None):
        clauses = [f"a.patient_mrn = '{mrn}'", f"a.scheduled_at >= '{since}'", f"a.scheduled_at < '{until}'"]
        if status:
            clauses.append(f"a.status = '{status}'")
        sql = (
            "SELECT a.*, m.name AS medication, m.dose, m.route, m.frequency "
            "FROM administrations a JOIN medications m ON m.id = a.medication_id "
            f"WHERE {' AND '.join(clauses)} ORDER BY a.scheduled_at"
        )
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def flag_for(self, row):
        if row["status"] == "refused":
            return "REFUSED"
        if row["status"] == "held":
            return "HELD"
        if not row["given_at"]:
            return "MISSED" if row["frequency"] != "PRN" else ""
        sched = dt.datetime.fromisoformat(row["scheduled_at"])
        given = dt.datetime.fromisoformat(row["given_at"])
        return "LATE" if given - sched > self.late else ""

    def close(self):
        self.conn.close()


def export_patient(store, patient, since, until, out_dir, status=None):
    rows = store.administrations(patient["mrn"], since, until, status)
    if not rows:
        return 0, 0
    out = out_dir / f"MAR_{patient['mrn']}_{since}_{until}.csv"
    flagged = 0
    with open(out, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=COLUMNS)
        w.writeheader()
        for r in rows:
            flag = store.flag_for(r)
            flagged += bool(flag)
            w.writerow({
                "patient_mrn": patient["mrn"], "patient_name": patient["name"],
                "medication": r["medication"], "dose": r["dose"], "route": r["route"],
                "frequency": r["frequency"], "scheduled_at": r["scheduled_at"],
                "given_at": r["given_at"] or "", "given_by": r["given_by"] or "",
                "status": r["status"], "prn_reason": r["prn_reason"] or "", "flag": flag,
            })
    LOG.info("%s: %d administrations, %d flagged -> %s", patient["mrn"], len(rows), flagged, out.name)
    return len(rows), flagged


def load_config(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"export": {"database": "mar.db", "out_dir": "exports", "late_minutes": "60"}})
    if path.exists():
        cp.read(path)
    return cp


def main(argv=None):
    ap = argparse.ArgumentParser(description="Export hospice MAR records to CSV")
    ap.add_argument("--config", type=Path, default=Path("mar_export.ini"))
    ap.add_argument("--since", required=True, help="YYYY-MM-DD, inclusive")
    ap.add_argument("--until", help="YYYY-MM-DD, exclusive (default: today)")
    ap.add_argument("--patient", action="append", help="MRN to export (repeatable)")
    ap.add_argument("--status", choices=["given", "held", "refused", "missed"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cfg = load_config(args.config)["export"]
    until = args.until or dt.date.today().isoformat()
    out_dir = Path(cfg["out_dir"])
    out_dir.mkdir(parents=True, exist_ok=True)

    try:
        store = MarStore(cfg["database"], cfg.getint("late_minutes"))
    except sqlite3.Error as exc:
        LOG.error("cannot open %s: %s", cfg["database"], exc)
        return 2

    total = flagged = 0
    try:
        for patient in store.patients(args.patient):
            n, f = export_patient(store, patient, args.since, until, out_dir, args.status)
            total += n
            flagged += f
    except sqlite3.Error as exc:
        LOG.error("export failed: %s", exc)
        return 1
    finally:
        store.close()
    LOG.info("exported %d administrations (%d flagged for review)", total, flagged)
    return 0


if __name__ == "__main__":
    sys.exit(main())
