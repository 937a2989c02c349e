#!/usr/bin/env python3
"""Launch log keeper for the station.

Records each lifeboat launch (service, exercise or pass-out) into a local
SQLite log and checks it against the station's return-of-service rule
plugins.  Rule plugins are plain Python files dropped into ./rules by the
station mechanic or LOM; each may define check_launch(entry) returning a
list of warning strings.

    launch_log_plugin_loader.py record --boat ALB-13-02 --type service \
        --tasked-by "Holyhead CGOC" --crew "Jones,Evans,Hughes,Price"
    launch_log_plugin_loader.py list --since 2024-01-01
"""
import argparse
import csv
import datetime as dt
import importlib.util
import logging
import os
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("launchlog")

DB_PATH = Path(os.environ.get("LAUNCHLOG_DB", "launch_log.sqlite3"))
RULES_DIR = Path(os.environ.get("LAUNCHLOG_RULES_DIR", "rules"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS launches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    launched_at TEXT NOT NULL,
    boat TEXT NOT NULL,
    launch_type TEXT NOT NULL,
    tasked_by TEXT,
    crew TEXT,
    notes TEXT,
    warnings TEXT
)
"""


class RuleSet:
    """Runs every loaded rule plugin; falls back to a minimal check."""

    def __init__(self, modules=()):
        self.modules = list(modules)

    @property
    def version(self):
        if not self.modules:
            return "builtin"
        return ",".join(getattr(m, "RULES_VERSION", m.__name__) for m in self.modules)

    def check(self, entry):
        warnings = []
        for module in self.modules:
            if hasattr(module, "check_launch"):
                warnings.extend(module.check_launch(entry))
        if not self.modules and len(entry["crew"]) < 3:
            warnings.append("fewer than three crew recorded")
        return warnings


def _module_from_source(name, source, origin):
    spec = importlib.util.spec_from_loader(name, loader=None, origin=origin)
    module = importlib.util.module_from_spec(spec)
    code = compile(source, origin, "exec")
    exec(code, module.__dict__)
    return module


def load_rules(rules_dir=RULES_DIR):
    modules = []
    if not rules_dir.is_dir():
        LOG.debug("no rules directory at %s", rules_dir)
        return RuleSet()
    for path in sorted(rules_dir.glob("*.py")):
        if path.name.startswith("_"):
            continue
        try:
            modules.append(_module_from_source("rules_" + path.stem, path.read_text(), str(path)))
            LOG.debug("loaded rule plugin %s", path)
        except (SyntaxError, OSError) as exc:
            LOG.error("skipping rule plugin %s: %s", path, exc)
    return RuleSet(modules)


def connect():
    conn = sqlite3.connect(DB_PATH)
    conn.execute(SCHEMA)
    return conn


def cmd_record(args, rules):
    entry = {
        "launched_at": args.at or dt.datetime.utcnow().replace(microsecond=0).isoformat() + "Z",
        "boat": args.boat,
        "launch_type": args.type,
        "tasked_by": args.tasked_by,
        "crew": [c.strip() for c in args.crew.split(",") if c.strip()],
        "notes": args.notes or "",
    }
    warnings = rules.check(entry)
    for w in warnings:
        LOG.warning("rules %s: %s", rules.version, w)
    with connect() as conn:
        conn.execute(
            "INSERT INTO launches (launched_at, boat, launch_type, tasked_by, crew, notes, warnings)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (entry["launched_at"], entry["boat"], entry["launch_type"], entry["tasked_by"],
             ",".join(entry["crew"]), entry["notes"], "; ".join(warnings)),
        )
    print("recorded launch of {} at {}".format(entry["boat"], entry["launched_at"]))
    return 0


def cmd_list(args, _rules):
    with connect() as conn:
        rows = conn.execute(
            "SELECT launched_at, boat, launch_type, tasked_by, crew, warnings FROM launches"
            " WHERE launched_at >= ? ORDER BY launched_at",
            (args.since,),
        ).fetchall()
    out = csv.writer(sys.stdout)
    out.writerow(["launched_at", "boat", "type", "tasked_by", "crew", "warnings"])
    out.writerows(rows)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="Station launch log keeper")
    ap.add_argument("--rules-dir", type=Path, default=RULES_DIR)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)

    rec = sub.add_parser("record")
    rec.add_argument("--boat", required=True)
    rec.add_argument("--type", choices=["service", "exercise", "passout"], default="service")
    rec.add_argument("--tasked-by", default="")
    rec.add_argument("--crew", required=True, help="comma separated crew names")
    rec.add_argument("--at", help="ISO time, default now")
    rec.add_argument("--notes")
    rec.set_defaults(func=cmd_record)

    lst = sub.add_parser("list")
    lst.add_argument("--since", default="1970-01-01")
    lst.set_defaults(func=cmd_list)

    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    rules = load_rules(args.rules_dir)
    LOG.debug("using rules %s", rules.version)
    return args.func(args, rules)


if __name__ == "__main__":
    sys.exit(main())
