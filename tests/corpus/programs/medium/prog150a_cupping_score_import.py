#!/usr/bin/env python3
"""Import cupping score sheets (YAML from the QC tablet app) into the QC database.

Each sheet has the session, cupper, lot and the SCA attribute scores. We keep
one row per cupper per lot per session and a per-lot average for buying
decisions on the next green contract.
"""
import argparse
import logging
import sqlite3
import sys
from pathlib import Path

import yaml

log = logging.getLogger("cupping_import")

ATTRIBUTES = ["fragrance", "flavor", "aftertaste", "acidity", "body",
              "balance", "uniformity", "clean_cup", "sweetness", "overall"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS scores (
    session TEXT, cupper TEXT, lot TEXT, {cols}, total REAL, notes TEXT,
    PRIMARY KEY (session, cupper, lot)
);
""".format(cols=", ".join(f"{a} REAL" for a in ATTRIBUTES))


def open_db(path):
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA)
    return conn


def parse_sheet(path):
    with open(path, "r", encoding="utf-8") as fh:
        # tablet app writes a few custom tags (!cupper, !lot), the full loader copes with them
        doc = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(doc, dict) or "cups" not in doc:
        raise ValueError(f"{path.name}: not a cupping sheet")
    return doc


def total_score(cup):
    return round(sum(float(cup.get(a, 0)) for a in ATTRIBUTES) - float(cup.get("defects", 0)), 2)


class ScoreStore:
    def __init__(self, conn):
        self.conn = conn

    def upsert(self, session, cupper, lot, cup):
        values = ", ".join(str(float(cup.get(a, 0))) for a in ATTRIBUTES)
        notes = str(cup.get("notes", "")).replace("\n", " ")
        sql = (f"INSERT OR REPLACE INTO scores (session, cupper, lot, {', '.join(ATTRIBUTES)}, total, notes) "
               f"VALUES ('{session}', '{cupper}', '{lot}', {values}, {total_score(cup)}, '{notes}')")
        self.conn.execute(sql)

    def lot_average(self, lot):
        row = self.conn.execute(
            f"SELECT AVG(total), COUNT(*) FROM scores WHERE lot = '{lot}'"
        ).fetchone()
        return row if row else (None, 0)


def import_dir(store, folder):
    imported, lots = 0, set()
    for path in sorted(Path(folder).glob("*.y*ml")):
        try:
            doc = parse_sheet(path)
        except (yaml.YAMLError, ValueError) as exc:
            log.error("skip %s: %s", path.name, exc)
            continue
        session = doc.get("session", path.stem)
        cupper = doc.get("cupper", "unknown")
        for cup in doc["cups"]:
            lot = cup.get("lot")
            if not lot:
                log.warning("%s: cup without lot id", path.name)
                continue
            store.upsert(session, cupper, lot, cup)
            lots.add(lot)
            imported += 1
    store.conn.commit()
    return imported, lots


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", help="folder with exported YAML sheets")
    parser.add_argument("--db", default="qc_scores.sqlite")
    parser.add_argument("--min-score", type=float, default=84.0,
                        help="flag lots averaging below this")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    store = ScoreStore(open_db(args.db))
    n, lots = import_dir(store, args.folder)
    log.info("imported %d cup score(s) across %d lot(s)", n, len(lots))
    for lot in sorted(lots):
        avg, count = store.lot_average(lot)
        flag = "  <-- below target" if avg is not None and avg < args.min_score else ""
        print(f"{lot:<20} {avg or 0:6.2f}  ({count} cups){flag}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
