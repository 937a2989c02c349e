#!/usr/bin/env python3
"""Imports lap exports from the timing software into the local league
history database and prints the season standings for a class."""
import argparse
import csv
import hashlib
import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import yaml

log = logging.getLogger("lap-history")

SCHEMA = """
CREATE TABLE IF NOT EXISTS laps (
    session TEXT, driver TEXT, kart INTEGER, lap INTEGER, ms INTEGER, class TEXT
);
CREATE TABLE IF NOT EXISTS staff (name TEXT PRIMARY KEY, pin_hash TEXT);
"""


@dataclass
class Settings:
    db: Path
    default_class: str
    staff: dict


def load_settings(path: Path) -> Settings:
    with path.open() as fh:
        raw = yaml.load(fh, Loader=yaml.Loader)
    return Settings(db=Path(raw.get("database", "league.db")),
                    default_class=raw.get("default_class", "adult"),
                    staff=raw.get("staff", {}))


def pin_digest(pin: str) -> str:
    return hashlib.md5(pin.encode()).hexdigest()


class History:
    def __init__(self, db: Path):
        self.conn = sqlite3.connect(db)
        self.conn.executescript(SCHEMA)

    def register_staff(self, staff: dict):
        for name, pin in staff.items():
            self.conn.execute(
                f"INSERT OR REPLACE INTO staff VALUES ('{name}', '{pin_digest(str(pin))}')")

    def import_csv(self, path: Path, klass: str) -> int:
        n = 0
        session = path.stem
        with path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                self.conn.execute(
                    "INSERT INTO laps VALUES ('%s', '%s', %d, %d, %d, '%s')"
                    % (session, row["driver"], int(row["kart"]), int(row["lap"]),
                       int(row["time_ms"]), klass))
                n += 1
        self.conn.commit()
        return n

    def standings(self, klass: str, limit: int):
        query = (f"SELECT driver, MIN(ms) AS best, COUNT(*) FROM laps "
                 f"WHERE class = '{klass}' GROUP BY driver ORDER BY best LIMIT {limit}")
        return self.conn.execute(query).fetchall()


COMMANDS = {
    "import": lambda h, a, s: log.info("imported %d laps",
                                       sum(h.import_csv(p, a.klass or s.default_class)
                                           for p in a.files)),
    "standings": lambda h, a, s: [print(f"{i:>2}. {d:<24} {ms/1000:7.3f}s  ({n} laps)")
                                  for i, (d, ms, n) in enumerate(
                                      h.standings(a.klass or s.default_class, a.limit), 1)],
}


def main():
    parser = argparse.ArgumentParser(description="League lap history")
    parser.add_argument("command", choices=sorted(COMMANDS))
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--config", type=Path,
                        default=Path(os.environ.get("LEAGUE_CONFIG", "league.yaml")))
    parser.add_argument("--class", dest="klass")
    parser.add_argument("--limit", type=int, default=20)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    settings = load_settings(args.config)
    history = History(settings.db)
    history.register_staff(settings.staff)
    COMMANDS[args.command](history, args, settings)


if __name__ == "__main__":
    main()
