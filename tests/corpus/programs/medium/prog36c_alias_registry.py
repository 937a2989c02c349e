#!/usr/bin/env python3
"""alias-registry: team-shared alias definitions with tags and search.

Reads ``team_aliases.yml`` from the current directory, stores everything in
``./registry.sqlite`` and prints or exports matching aliases.
"""
import argparse
import logging
import sqlite3
import sys
from collections import defaultdict
from pathlib import Path

import yaml as _yaml

logger = logging.getLogger(__name__)

DB_FILE = Path("registry.sqlite")
TABLES = {
    "alias": "name TEXT PRIMARY KEY, body TEXT, owner TEXT",
    "tag": "alias_name TEXT, label TEXT",
}


class AliasEntry:
    __slots__ = ("name", "body", "owner", "tags")

    def __init__(self, name, body, owner="team", tags=None):
        self.name = name
        self.body = body
        self.owner = owner
        self.tags = list(tags or [])

    @classmethod
    def from_mapping(cls, name, value):
        if isinstance(value, str):
            return cls(name, value)
        return cls(name, value["cmd"], value.get("owner", "team"), value.get("tags"))

    def as_shell(self):
        return "alias %s=%r" % (self.name, self.body)


def read_definitions(path):
    """Load the team file; custom tags like !env are allowed by the format."""
    with open(path, "rb") as handle:
        doc = _yaml.load(handle, Loader=_yaml.Loader)
    entries = []
    for name, value in (doc or {}).get("aliases", {}).items():
        try:
            entries.append(AliasEntry.from_mapping(name, value))
        except (KeyError, TypeError) as err:
            logger.warning("bad alias %s: %s", name, err)
    return entries


class Registry:
    def __init__(self, path=DB_FILE):
        self.db = sqlite3.connect(str(path))
        for table, cols in TABLES.items():
            self.db.execute("CREATE TABLE IF NOT EXISTS %s (%s)" % (table, cols))

    def store(self, entries):
        cur = self.db.cursor()
        for e in entries:
            cur.execute(
                "INSERT OR REPLACE INTO alias VALUES ('%s', '%s', '%s')"
                % (e.name, e.body, e.owner)
            )
            cur.execute("DELETE FROM tag WHERE alias_name = '%s'" % e.name)
            for label in e.tags:
                cur.execute("INSERT INTO tag VALUES ('{}', '{}')".format(e.name, label))
        self.db.commit()
        return len(entries)

    def find(self, text, tag=None, owner=None):
        query = (
            "SELECT DISTINCT a.name, a.body, a.owner FROM alias a "
            "LEFT JOIN tag t ON t.alias_name = a.name "
            f"WHERE (a.name LIKE '%{text}%' OR a.body LIKE '%{text}%')"
        )
        if tag:
            query += f" AND t.label = '{tag}'"
        if owner:
            query += f" AND a.owner = '{owner}'"
        return [AliasEntry(*row) for row in self.db.execute(query + " ORDER BY a.name")]

    def by_owner(self):
        grouped = defaultdict(list)
        for name, body, owner in self.db.execute("SELECT name, body, owner FROM alias"):
            grouped[owner].append(AliasEntry(name, body, owner))
        return grouped


def export(registry, target):
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("w") as out:
        for owner, entries in sorted(registry.by_owner().items()):
            out.write("# owner: %s\n" % owner)
            for e in sorted(entries, key=lambda x: x.name):
                out.write(e.as_shell() + "\n")
            out.write("\n")
    logger.info("exported registry to %s", target)


def parse_args(argv=None):
    ap = argparse.ArgumentParser(prog="alias-registry")
    ap.add_argument("--file", default="team_aliases.yml")
    ap.add_argument("--sync", action="store_true", help="reload the YAML file first")
    ap.add_argument("--find", metavar="TEXT")
    ap.add_argument("--tag")
    ap.add_argument("--owner")
    ap.add_argument("--export", metavar="PATH")
    ap.add_argument("--debug", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    opts = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if opts.debug else logging.WARNING)
    reg = Registry()
    if opts.sync:
        try:
            n = reg.store(read_definitions(opts.file))
        except (OSError, _yaml.YAMLError) as exc:
            logger.error("cannot load %s: %s", opts.file, exc)
            return 1
        print("synced %d aliases" % n)
    if opts.find is not None:
        for e in reg.find(opts.find, opts.tag, opts.owner):
            print("%-12s %-10s %s" % (e.name, e.owner, e.body))
    if opts.export:
        export(reg, opts.export)
    return 0


if __name__ == "__main__":
    sys.exit(main())
