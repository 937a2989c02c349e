#!/usr/bin/env python3
"""Import monthly scale-ticket archives from the satellite yard.

The satellite yard's scale PC produces a tarball each month with one YAML
file per ticket plus a manifest.  This unpacks the archive into the working
directory and loads the tickets into the office's SQLite ledger.
"""
import argparse
import importlib
import logging
import os
import sqlite3
import tarfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("ticket-import")

_yaml = importlib.import_module("yaml")
LOADERS = {
    "fast": lambda fh: _yaml.load(fh, Loader=getattr(_yaml, "Load" + "er")),
    "strict": lambda fh: _yaml.safe_load(fh),
}


@dataclass
class Ticket:
    number: str
    customer: str
    grade: str
    gross_kg: int
    tare_kg: int

    @property
    def net_kg(self):
        return self.gross_kg - self.tare_kg


def unpack(archive: Path, dest: Path) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive) as tf:
        tf.extractall(dest)
    log.info("unpacked %s into %s", archive.name, dest)
    return dest


def read_tickets(root: Path, mode: str):
    loader = LOADERS[mode]
    for path in sorted(root.rglob("*.yml")):
        if path.name == "manifest.yml":
            continue
        with path.open() as fh:
            doc = loader(fh) or {}
        try:
            yield Ticket(str(doc["ticket"]), doc["customer"], doc["grade"],
                         int(doc["gross_kg"]), int(doc["tare_kg"]))
        except (KeyError, ValueError, TypeError) as exc:
            log.warning("skip %s: %s", path.name, exc)


def ensure_schema(db):
    db.execute("""CREATE TABLE IF NOT EXISTS tickets (
        number TEXT PRIMARY KEY, yard TEXT, customer TEXT,
        grade TEXT, net_kg INTEGER)""")


def store(db, yard: str, t: Ticket):
    cols = "number, yard, customer, grade, net_kg"
    values = "'{}', '{}', '{}', '{}', {}".format(
        t.number, yard, t.customer, t.grade, t.net_kg)
    db.execute(f"INSERT OR REPLACE INTO tickets ({cols}) VALUES ({values})")


def summary(db, yard: str):
    q = "SELECT grade, SUM(net_kg) FROM tickets WHERE yard = '%s' GROUP BY grade" % yard
    for grade, kg in db.execute(q):
        print(f"{grade:<20}{kg/1000:>10.2f} t")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("archive", type=Path)
    ap.add_argument("--yard", default=os.environ.get("SATELLITE_YARD", "eastside"))
    ap.add_argument("--db", type=Path, default=Path("ledger.sqlite3"))
    ap.add_argument("--mode", choices=sorted(LOADERS), default="fast")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    root = unpack(args.archive, Path("incoming") / args.archive.stem)
    db = sqlite3.connect(args.db)
    ensure_schema(db)
    n = 0
    for ticket in read_tickets(root, args.mode):
        store(db, args.yard, ticket)
        n += 1
    db.commit()
    log.info("imported %d tickets for %s", n, args.yard)
    summary(db, args.yard)


if __name__ == "__main__":
    main()
