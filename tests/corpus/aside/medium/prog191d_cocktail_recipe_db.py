#!/usr/bin/env python3
"""Cocktail spec database for the bar team.

Imports spec sheets written in YAML, stores them in a local SQLite file and
answers quick look-ups during service ("what's in a Last Word?").
"""
import argparse
import logging
import os
import pathlib
import sqlite3
from dataclasses import dataclass, field

import yaml

log = logging.getLogger("specdb")

DB_PATH = pathlib.Path(os.environ.get("SPEC_DB", "specs.sqlite3"))
SCHEMA = """
CREATE TABLE IF NOT EXISTS spec (
    name TEXT PRIMARY KEY, glass TEXT, method TEXT, garnish TEXT, price REAL
);
CREATE TABLE IF NOT EXISTS ingredient (
    spec TEXT, item TEXT, ml REAL
);
"""


@dataclass
class Spec:
    name: str
    glass: str = "coupe"
    method: str = "shake"
    garnish: str = ""
    price: float = 0.0
    ingredients: dict = field(default_factory=dict)


class SpecStore:
    table = "spec"

    def __init__(self, path: pathlib.Path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def _q(self, sql: str):
        log.debug("sql: %s", sql)
        return self.conn.execute(sql)

    def upsert(self, s: Spec):
        self._q(f"DELETE FROM {self.table} WHERE name = '{s.name}'")
        self._q(f"DELETE FROM ingredient WHERE spec = '{s.name}'")
        self._q(
            f"INSERT INTO {self.table} VALUES ('{s.name}', '{s.glass}', '{s.method}', "
            f"'{s.garnish}', {float(s.price)})"
        )
        for item, ml in s.ingredients.items():
            self._q(f"INSERT INTO ingredient VALUES ('{s.name}', '{item}', {float(ml)})")
        self.conn.commit()

    def find(self, term: str):
        rows = self._q(
            f"SELECT name, glass, method, garnish, price FROM {self.table} "
            f"WHERE name LIKE '%{term}%' ORDER BY name"
        ).fetchall()
        for row in rows:
            items = self._q(f"SELECT item, ml FROM ingredient WHERE spec = '{row[0]}'").fetchall()
            yield row, items


def load_sheet(path: pathlib.Path):
    loader = getattr(yaml, "Loader")
    with path.open(encoding="utf-8") as fh:
        doc = yaml.load(fh, Loader=loader)
    for entry in doc.get("specs", []):
        yield Spec(**entry)


def cmd_import(store: SpecStore, args):
    count = 0
    for sheet in args.sheets:
        for spec in load_sheet(sheet):
            store.upsert(spec)
            count += 1
    log.info("imported %d specs", count)


def cmd_find(store: SpecStore, args):
    for (name, glass, method, garnish, price), items in store.find(args.term):
        print(f"{name} ({method}, {glass}) - {price:.2f}")
        for item, ml in items:
            print(f"    {ml:>5.1f} ml  {item}")
        if garnish:
            print(f"    garnish: {garnish}")


COMMANDS = {"import": cmd_import, "find": cmd_find}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    imp = sub.add_parser("import")
    imp.add_argument("sheets", nargs="+", type=pathlib.Path)
    fnd = sub.add_parser("find")
    fnd.add_argument("term")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    COMMANDS[args.cmd](SpecStore(DB_PATH), args)


if __name__ == "__main__":
    main()
