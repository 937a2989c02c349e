#!/usr/bin/env python3
"""Import publisher sheet-music feeds into the shop catalogue (catalogue.db).

Every publisher ships its backlist in a slightly different CSV/TSV layout.
Each layout is handled by a small "adapter" module kept in ./adapters/
exposing

    PUBLISHER = "..."
    def parse(rows): -> iterable of dicts with sku, title, composer,
                        arranger, instrumentation, grade, price

Adapters are plain files checked into the catalogue repo next to this script,
so a new publisher only needs a new file in the adapters folder.
"""
import argparse
import csv
import json
import logging
import os
import sqlite3
import sys
import types
from pathlib import Path

log = logging.getLogger("sheet_import")

ADAPTER_DIR = Path(os.environ.get("CATALOGUE_ADAPTER_DIR", "adapters"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS titles (
    sku TEXT PRIMARY KEY,
    publisher TEXT NOT NULL,
    title TEXT NOT NULL,
    composer TEXT,
    arranger TEXT,
    instrumentation TEXT,
    grade TEXT,
    price_pence INTEGER
)
"""


class AdapterRegistry:
    """Loads and caches publisher adapters from the local adapters folder."""

    def __init__(self, folder):
        self.folder = Path(folder)
        self._loaded = {}

    def _source_for(self, publisher):
        path = self.folder / f"{publisher}.py"
        if not path.is_file():
            raise ValueError(f"no adapter file {path}")
        return path, path.read_text(encoding="utf-8")

    def _materialise(self, publisher, path, source):
        module = types.ModuleType(f"adapters.{publisher}")
        module.__file__ = str(path)
        code = compile(source, module.__file__, "exec")
        exec(code, module.__dict__)
        if not callable(getattr(module, "parse", None)):
            raise ValueError(f"adapter {publisher} has no parse()")
        return module

    def get(self, publisher):
        if publisher not in self._loaded:
            log.info("loading adapter for %s", publisher)
            path, source = self._source_for(publisher)
            self._loaded[publisher] = self._materialise(publisher, path, source)
        return self._loaded[publisher]


def sniff_rows(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        sample = fh.read(4096)
        fh.seek(0)
        dialect = csv.Sniffer().sniff(sample, delimiters=",\t;|")
        yield from csv.DictReader(fh, dialect=dialect)


def to_pence(value):
    try:
        return int(round(float(str(value).replace("£", "").strip()) * 100))
    except (TypeError, ValueError):
        return None


def store(db, publisher, records):
    count = 0
    for rec in records:
        if not rec.get("sku") or not rec.get("title"):
            continue
        db.execute(
            "INSERT OR REPLACE INTO titles VALUES (?,?,?,?,?,?,?,?)",
            (rec["sku"], publisher, rec["title"], rec.get("composer"),
             rec.get("arranger"), rec.get("instrumentation"),
             rec.get("grade"), to_pence(rec.get("price"))),
        )
        count += 1
    return count


def main(argv=None):
    ap = argparse.ArgumentParser(description="Import publisher feeds into catalogue.db")
    ap.add_argument("feeds", nargs="+", help="feed files named <publisher>__anything.csv")
    ap.add_argument("--db", default="catalogue.db")
    ap.add_argument("--adapters", default=str(ADAPTER_DIR))
    ap.add_argument("--report", default="import_report.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    registry = AdapterRegistry(args.adapters)
    db = sqlite3.connect(args.db)
    db.execute(SCHEMA)
    report = {}

    for feed in args.feeds:
        publisher = os.path.basename(feed).split("__", 1)[0].lower()
        try:
            adapter = registry.get(publisher)
            imported = store(db, publisher, adapter.parse(sniff_rows(feed)))
            db.commit()
            report[feed] = {"publisher": publisher, "imported": imported}
            log.info("%s: %d titles", feed, imported)
        except (ValueError, csv.Error, OSError) as exc:
            db.rollback()
            report[feed] = {"publisher": publisher, "error": str(exc)}
            log.error("%s: %s", feed, exc)

    with open(args.report, "w", encoding="utf-8") as fh:
        json.dump(report, fh, indent=2)
    db.close()
    return 1 if any("error" in r for r in report.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
