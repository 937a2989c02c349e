#!/usr/bin/env python3
"""Export billable treatments as insurer claim batches.

For each configured health insurer, selects the completed physio and
acupuncture treatments since the last export, formats them in the insurer's
CSV layout and drops the batch file into outbox/<insurer>/ where the
clearing-house uploader picks it up.

State (last exported treatment id per insurer) is kept in a small cache file
so a batch is never sent twice.
"""
import argparse
import configparser
import csv
import datetime as dt
import logging
import pickle
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("claims")

STATE_FILE = Path(".claim_export_state.pkl")
LAYOUTS = {
    "default": ["provider_no", "member_no", "patient_dob", "item_code", "service_date", "fee", "practitioner_no"],
    "nib": ["member_no", "patient_dob", "provider_no", "practitioner_no", "service_date", "item_code", "fee", "gst"],
    "bupa": ["provider_no", "practitioner_no", "member_no", "item_code", "service_date", "fee"],
}


class ExportState:
    def __init__(self, path=STATE_FILE):
        self.path = path
        self.last_id = {}
        self.batches = []

    def load(self):
        if self.path.exists():
            with open(self.path, "rb") as fh:
                saved = pickle.load(fh)
            self.last_id = saved.get("last_id", {})
            self.batches = saved.get("batches", [])
        return self

    def save(self):
        tmp = self.path.with_suffix(".tmp")
        with open(tmp, "wb") as fh:
            pickle.dump({"last_id": self.last_id, "batches": self.batches[-200:]}, fh)
        tmp.replace(self.path)


class ClaimSource:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def pending(self, insurer, after_id, item_codes):
        codes = ",".join(f"'{c}'" for c in item_codes)
        sql = (
            "SELECT t.id, c.provider_no, p.member_no, p.dob AS patient_dob, t.item_code, "
            "date(t.performed_at) AS service_date, t.fee, s.provider_no AS practitioner_no, "
            "round(t.fee / 11.0, 2) AS gst "
            "FROM treatments t JOIN patients p ON p.id = t.patient_id "
            "JOIN staff s ON s.id = t.practitioner_id JOIN clinic c ON c.id = 1 "
            f"WHERE p.insurer = '{insurer}' AND t.id > {after_id} AND t.status = 'completed' "
            f"AND t.item_code IN ({codes}) ORDER BY t.id"
        )
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()


def write_batch(outdir, insurer, rows, layout):
    outdir = outdir / insurer
    outdir.mkdir(parents=True, exist_ok=True)
    name = f"{insurer.upper()}_{dt.datetime.now():%Y%m%d_%H%M%S}.csv"
    path = outdir / name
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(layout)
        for r in rows:
            w.writerow([r[col] for col in layout])
    return path


def load_config(path):
    cp = configparser.ConfigParser()
    if not cp.read(path):
        raise FileNotFoundError(path)
    insurers = {}
    for section in cp.sections():
        if section.startswith("insurer:"):
            name = section.split(":", 1)[1]
            insurers[name] = {
                "codes": [c.strip() for c in cp[section].get("item_codes", "").split(",") if c.strip()],
                "layout": cp[section].get("layout", "default"),
            }
    return cp.get("export", "database", fallback="clinic.sqlite"), insurers


def main(argv=None):
    ap = argparse.ArgumentParser(description="export insurer claim batches")
    ap.add_argument("-c", "--config", default="claims.ini")
    ap.add_argument("-o", "--outbox", default="outbox")
    ap.add_argument("--insurer", action="append", help="only these insurers")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        db_path, insurers = load_config(args.config)
    except FileNotFoundError:
        log.error("config %s not found", args.config)
        return 2

    state = ExportState().load()
    source = ClaimSource(db_path)
    total = 0
    for name, conf in insurers.items():
        if args.insurer and name not in args.insurer:
            continue
        rows = source.pending(name, state.last_id.get(name, 0), conf["codes"])
        if not rows:
            log.info("%s: nothing pending", name)
            continue
        if args.dry_run:
            log.info("%s: %d claim lines would be exported", name, len(rows))
            continue
        path = write_batch(Path(args.outbox), name, rows, LAYOUTS.get(conf["layout"], LAYOUTS["default"]))
        state.last_id[name] = rows[-1]["id"]
        state.batches.append({"insurer": name, "file": str(path), "lines": len(rows),
                              "at": dt.datetime.now().isoformat()})
        total += len(rows)
        log.info("%s: %d claim lines -> %s", name, len(rows), path)

    if not args.dry_run:
        state.save()
    log.info("exported %d claim lines", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
