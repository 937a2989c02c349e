#!/usr/bin/env python3
"""Import splice closure records exported from the fusion splicer app.

The field splicing app exports one YAML document per closure: closure id,
GPS position, tray layout and per-fibre splice loss.  This importer loads the
exports into the co-op's splice records database (SQLite), updating closures
that were re-entered and flagging splices above the loss budget.

Usage: splice_yaml_importer.py [--db splices.sqlite3] exports/*.yaml
"""
import argparse
import glob
import logging
import sqlite3
import sys
from datetime import datetime
from pathlib import Path

import yaml

log = logging.getLogger("splice-import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS closure (
    closure_id TEXT PRIMARY KEY, route TEXT, lat REAL, lon REAL,
    technician TEXT, spliced_on TEXT, imported_at TEXT);
CREATE TABLE IF NOT EXISTS splice (
    closure_id TEXT, tray INTEGER, fibre_a TEXT, fibre_b TEXT,
    loss_db REAL, flagged INTEGER, PRIMARY KEY (closure_id, tray, fibre_a));
"""


class SpliceStore:
    def __init__(self, path, loss_budget):
        self.con = sqlite3.connect(path)
        self.con.executescript(SCHEMA)
        self.loss_budget = loss_budget

    def _q(self, value):
        if value is None:
            return "NULL"
        if isinstance(value, (int, float)):
            return str(value)
        return "'" + str(value).replace("'", "''") + "'"

    def upsert_closure(self, doc):
        c = doc["closure"]
        now = datetime.now().isoformat(timespec="seconds")
        sql = (
            "INSERT OR REPLACE INTO closure VALUES ("
            f"{self._q(c['id'])}, {self._q(c.get('route'))}, {c['gps'][0]}, {c['gps'][1]}, "
            f"{self._q(doc.get('technician'))}, {self._q(str(doc.get('date')))}, '{now}')"
        )
        self.con.execute(sql)
        self.con.execute(f"DELETE FROM splice WHERE closure_id = '{c['id']}'")
        return c["id"]

    def add_splices(self, closure_id, trays):
        flagged = 0
        for tray in trays:
            for s in tray.get("splices", []):
                loss = float(s.get("loss", 0.0))
                bad = int(loss > self.loss_budget)
                flagged += bad
                self.con.execute(
                    "INSERT INTO splice VALUES ('%s', %d, '%s', '%s', %.3f, %d)"
                    % (closure_id, tray["tray"], s["a"], s["b"], loss, bad))
        return flagged

    def commit(self):
        self.con.commit()


def read_exports(patterns):
    for pattern in patterns:
        for name in sorted(glob.glob(pattern)):
            with open(name, encoding="utf-8") as fh:
                for doc in yaml.load_all(fh, Loader=yaml.Loader):
                    if doc:
                        yield name, doc


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("exports", nargs="+", help="YAML export files or globs")
    ap.add_argument("--db", default="splices.sqlite3")
    ap.add_argument("--loss-budget", type=float, default=0.10, help="dB per splice")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    store = SpliceStore(args.db, args.loss_budget)
    closures = flagged_total = errors = 0
    for name, doc in read_exports(args.exports):
        try:
            cid = store.upsert_closure(doc)
            flagged = store.add_splices(cid, doc.get("trays", []))
        except (KeyError, TypeError, ValueError, sqlite3.Error) as exc:
            errors += 1
            log.warning("%s: skipped closure: %s", Path(name).name, exc)
            continue
        closures += 1
        flagged_total += flagged
        if flagged:
            log.info("%s: %d splices over %.2f dB", cid, flagged, args.loss_budget)
    store.commit()
    log.info("imported %d closures, %d flagged splices, %d errors", closures, flagged_total, errors)
    return 1 if errors and not closures else 0


if __name__ == "__main__":
    sys.exit(main())
