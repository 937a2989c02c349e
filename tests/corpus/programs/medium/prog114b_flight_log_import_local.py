#!/usr/bin/env python3
"""Import daily flight logs into the club's flying-list database.

Different launch points export their sheets in different shapes (the winch
tablet writes CSV, the aerotow desk uses an old spreadsheet export, visiting
clubs send IGC summaries).  Each shape is handled by a small parser plugin
in ./parsers, so the duty instructor can drop in a new one without touching
the importer itself.
"""
import argparse
import csv
import logging
import sqlite3
import sys
import types
from pathlib import Path

log = logging.getLogger("flightlog_import")

PARSER_DIR = Path(__file__).resolve().parent / "parsers"
DB_SCHEMA = """
CREATE TABLE IF NOT EXISTS flights (
    id INTEGER PRIMARY KEY,
    day TEXT, glider TEXT, pic TEXT, p2 TEXT,
    launch TEXT, takeoff TEXT, landing TEXT, minutes INTEGER, source TEXT
)
"""


class PluginRegistry:
    """Resolves a log format name to a parser module."""

    def __init__(self, directory):
        self.directory = Path(directory)
        self._loaded = {}

    def available(self):
        return sorted(p.stem for p in self.directory.glob("*.py"))

    def parser_for(self, fmt):
        if fmt in self._loaded:
            return self._loaded[fmt]
        path = self.directory / f"{fmt}.py"
        if not path.is_file():
            raise KeyError(f"no plugin for format {fmt!r} in {self.directory}")
        source = path.read_text(encoding="utf-8")
        module = types.ModuleType(f"launchlog_plugin_{fmt}")
        module.__file__ = str(path)
        code = compile(source, module.__file__, "exec")
        exec(code, module.__dict__)
        self._loaded[fmt] = module
        return module


def sniff_format(path):
    head = Path(path).read_text(encoding="utf-8", errors="replace")[:512]
    if head.startswith("A") and "HFDTE" in head:
        return "igc_summary"
    if head.count(";") > head.count(","):
        return "tow_desk"
    return "winch_csv"


def open_db(path):
    db = sqlite3.connect(path)
    db.execute(DB_SCHEMA)
    return db


def store(db, rows, source):
    cur = db.executemany(
        "INSERT INTO flights (day, glider, pic, p2, launch, takeoff, landing, minutes, source)"
        " VALUES (:day, :glider, :pic, :p2, :launch, :takeoff, :landing, :minutes, :source)",
        [dict(r, source=source) for r in rows],
    )
    db.commit()
    return cur.rowcount


def write_reject_report(rejects, out_path):
    if not rejects:
        return
    with open(out_path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["file", "line", "reason"])
        w.writerows(rejects)
    log.warning("%d rows rejected, see %s", len(rejects), out_path)


def main():
    ap = argparse.ArgumentParser(description="Import launch point flight logs")
    ap.add_argument("files", nargs="*")
    ap.add_argument("--db", default="flying_list.sqlite")
    ap.add_argument("--format", help="force a format instead of sniffing")
    ap.add_argument("--parsers", default=str(PARSER_DIR))
    ap.add_argument("--list", action="store_true", help="list parser plugins")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    registry = PluginRegistry(args.parsers)
    if args.list:
        print("\n".join(registry.available()))
        return 0
    if not args.files:
        ap.error("no log files given")

    db = open_db(args.db)
    rejects, total = [], 0
    for name in args.files:
        fmt = args.format or sniff_format(name)
        try:
            plugin = registry.parser_for(fmt)
        except (KeyError, OSError, SyntaxError) as exc:
            log.error("%s: cannot load parser (%s)", name, exc)
            continue
        with open(name, encoding="utf-8", errors="replace") as fh:
            rows, bad = plugin.parse(fh)
        rejects.extend((name, ln, why) for ln, why in bad)
        n = store(db, rows, Path(name).name)
        total += n
        log.info("%s [%s]: %d flights", name, fmt, n)
    write_reject_report(rejects, "import_rejects.csv")
    log.info("imported %d flights in total", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
