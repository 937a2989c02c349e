#!/usr/bin/env python3
"""Export beef/lamb traceability records for the inspector.

Each carcase received by the butchery is booked into trace.db with its ear tag,
slaughterhouse approval number, kill date and the cuts it was broken into.
This tool writes the records for a date range to a CSV (one row per cut) in the
format the local authority asks for, plus a small JSON summary per supplier.
"""
import argparse
import csv
import datetime as dt
import hashlib
import json
import logging
import os
import sqlite3
import sys
from collections import defaultdict

log = logging.getLogger("trace-export")

COLUMNS = [
    "ear_tag", "species", "born_in", "reared_in", "slaughtered_in", "plant_approval",
    "kill_date", "supplier", "supplier_phone", "cut", "batch", "weight_kg", "sold_on",
]


def parse_date(s):
    return dt.datetime.strptime(s, "%Y-%m-%d").date()


def iter_records(db, start, end, species):
    sql = (
        "SELECT c.ear_tag, c.species, c.born_in, c.reared_in, c.slaughtered_in, c.plant_approval, "
        "c.kill_date, s.name, s.phone, k.cut, k.batch, k.weight_kg, k.sold_on "
        "FROM carcases c JOIN suppliers s ON s.id = c.supplier_id "
        "JOIN cuts k ON k.carcase_id = c.id "
        "WHERE c.kill_date BETWEEN ? AND ?"
    )
    params = [start.isoformat(), end.isoformat()]
    if species:
        sql += " AND c.species = ?"
        params.append(species)
    sql += " ORDER BY c.kill_date, c.ear_tag, k.batch"
    for row in db.execute(sql, params):
        yield dict(zip(COLUMNS, row))


def write_csv(path, records):
    count = 0
    per_supplier = defaultdict(lambda: {"carcases": set(), "kg": 0.0})
    digest = hashlib.sha256()
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=COLUMNS)
        w.writeheader()
        for rec in records:
            w.writerow(rec)
            digest.update(repr(sorted(rec.items())).encode())
            agg = per_supplier[rec["supplier"]]
            agg["carcases"].add(rec["ear_tag"])
            agg["kg"] += float(rec["weight_kg"] or 0)
            count += 1
    summary = {
        name: {"carcases": len(v["carcases"]), "kg": round(v["kg"], 2)}
        for name, v in per_supplier.items()
    }
    return count, summary, digest.hexdigest()


def main():
    ap = argparse.ArgumentParser(description="traceability CSV export")
    ap.add_argument("--db", default="trace.db")
    ap.add_argument("--from", dest="start", type=parse_date, required=True)
    ap.add_argument("--to", dest="end", type=parse_date, default=dt.date.today())
    ap.add_argument("--species", choices=["bovine", "ovine", "porcine"])
    ap.add_argument("--out", default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    if args.end < args.start:
        log.error("--to is before --from")
        return 2
    if not os.path.exists(args.db):
        log.error("database %s not found", args.db)
        return 2

    out = args.out or "trace_%s_%s.csv" % (args.start, args.end)
    db = sqlite3.connect(args.db)
    try:
        count, summary, sha = write_csv(out, iter_records(db, args.start, args.end, args.species))
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        db.close()

    with open(out + ".summary.json", "w", encoding="utf-8") as fh:
        json.dump({"rows": count, "sha256": sha, "suppliers": summary}, fh, indent=2)
    log.info("wrote %d rows to %s (sha256 %s)", count, out, sha[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
