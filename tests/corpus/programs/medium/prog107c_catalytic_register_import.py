#!/usr/bin/env python3
"""Import the day's catalytic converter purchases into the yard register.

Each purchase of a used catalytic converter has to be recorded with the
seller's ID, the vehicle the unit came from and the stamped part number.
The part-number rules and the list of flagged serials come from the
dealer association's rules pack (a YAML manifest), refreshed on each run.

    catalytic_register_import.py purchases.csv --db register.sqlite3
"""
import argparse
import csv
import logging
import re
import sqlite3
import sys
import urllib.request
from datetime import date
from pathlib import Path

import yaml

LOG = logging.getLogger("catreg")
RULES_URL = "https://rules.example.org/catreg/v3/manifest.yaml"
CACHE = Path(".catreg_rules.yaml")

SCHEMA = """
CREATE TABLE IF NOT EXISTS purchases (
    id INTEGER PRIMARY KEY,
    bought_on TEXT NOT NULL,
    seller_name TEXT NOT NULL,
    seller_id_ref TEXT NOT NULL,
    vehicle_reg TEXT,
    part_number TEXT NOT NULL,
    manufacturer TEXT,
    flagged INTEGER NOT NULL DEFAULT 0,
    note TEXT
);
"""


class RulesPack:
    """Part-number patterns and flagged serials published by the association."""

    def __init__(self, raw: dict):
        self.version = raw.get("version", "?")
        self.patterns = {m: re.compile(p) for m, p in raw.get("patterns", {}).items()}
        self.flagged = {s.upper() for s in raw.get("flagged_serials", [])}

    @classmethod
    def fetch(cls, url: str, timeout: float = 20.0) -> "RulesPack":
        try:
            with urllib.request.urlopen(url, timeout=timeout) as resp:
                text = resp.read().decode("utf-8")
            CACHE.write_text(text, encoding="utf-8")
        except OSError as exc:
            LOG.warning("rules pack download failed (%s), using cached copy", exc)
            text = CACHE.read_text(encoding="utf-8")
        raw = yaml.load(text, Loader=yaml.Loader)
        return cls(raw or {})

    def manufacturer_for(self, part_no: str):
        for maker, pat in self.patterns.items():
            if pat.fullmatch(part_no):
                return maker
        return None


def normalise(part_no: str) -> str:
    return re.sub(r"[\s\-]", "", part_no).upper()


def import_rows(db: sqlite3.Connection, rules: RulesPack, csv_path: Path) -> tuple:
    added = flagged = 0
    with csv_path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            part = normalise(row.get("part_number", ""))
            if not part or not row.get("seller_id_ref"):
                LOG.warning("row without part number or seller ID skipped: %s", row)
                continue
            maker = rules.manufacturer_for(part)
            is_flagged = part in rules.flagged
            note = None if maker else "part number not recognised"
            db.execute(
                "INSERT INTO purchases (bought_on, seller_name, seller_id_ref, vehicle_reg,"
                " part_number, manufacturer, flagged, note) VALUES (?,?,?,?,?,?,?,?)",
                (row.get("date") or date.today().isoformat(), row.get("seller_name", ""),
                 row["seller_id_ref"], row.get("vehicle_reg"), part, maker,
                 int(is_flagged), note),
            )
            added += 1
            if is_flagged:
                flagged += 1
                LOG.error("FLAGGED serial %s from seller %s", part, row["seller_id_ref"])
    db.commit()
    return added, flagged


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Import catalytic converter purchases")
    ap.add_argument("csv", type=Path)
    ap.add_argument("--db", type=Path, default=Path("register.sqlite3"))
    ap.add_argument("--rules-url", default=RULES_URL)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        rules = RulesPack.fetch(args.rules_url)
    except (OSError, yaml.YAMLError) as exc:
        LOG.error("no usable rules pack: %s", exc)
        return 2
    LOG.info("rules pack %s: %d makers, %d flagged serials",
             rules.version, len(rules.patterns), len(rules.flagged))

    db = sqlite3.connect(args.db)
    db.executescript(SCHEMA)
    added, flagged = import_rows(db, rules, args.csv)
    LOG.info("%d purchases recorded, %d flagged", added, flagged)
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())
