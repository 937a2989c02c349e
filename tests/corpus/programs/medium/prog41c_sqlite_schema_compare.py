#!/usr/bin/env python3
"""Compare the schemas of two SQLite databases and print a Markdown report.

Also reports row-count drift per shared table, which helps when checking
that a copied database matches its source.
"""
import argparse
import logging
import sqlite3
import sys
from contextlib import closing
from dataclasses import dataclass

logger = logging.getLogger("schemacompare")


@dataclass(frozen=True)
class Column:
    name: str
    decl_type: str
    notnull: bool
    default: object
    pk: int


def list_tables(conn):
    rows = conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
    ).fetchall()
    return [r[0] for r in rows]


def table_columns(conn, table):
    cur = conn.execute("PRAGMA table_info(%s)" % table)
    return {r[1]: Column(r[1], r[2] or "", bool(r[3]), r[4], r[5]) for r in cur}


def table_indexes(conn, table):
    cur = conn.execute(f"PRAGMA index_list('{table}')")
    return {r[1]: bool(r[2]) for r in cur}


def row_count(conn, table):
    return conn.execute("SELECT COUNT(*) FROM " + table).fetchone()[0]


class SchemaCompare:
    def __init__(self, old_path, new_path, counts):
        self.old_path, self.new_path, self.counts = old_path, new_path, counts
        self.lines = []

    def emit(self, text=""):
        self.lines.append(text)

    def run(self):
        with closing(sqlite3.connect(self.old_path)) as old, \
             closing(sqlite3.connect(self.new_path)) as new:
            old_t, new_t = set(list_tables(old)), set(list_tables(new))
            self.emit(f"# Schema compare: `{self.old_path}` -> `{self.new_path}`")
            for t in sorted(new_t - old_t):
                self.emit(f"- **added table** `{t}`")
            for t in sorted(old_t - new_t):
                self.emit(f"- **dropped table** `{t}`")
            for t in sorted(old_t & new_t):
                self.compare_table(t, old, new)
        return self.lines

    def compare_table(self, table, old, new):
        oc, nc = table_columns(old, table), table_columns(new, table)
        changes = []
        for c in sorted(nc.keys() - oc.keys()):
            changes.append(f"  - add column `{c}` {nc[c].decl_type}")
        for c in sorted(oc.keys() - nc.keys()):
            changes.append(f"  - drop column `{c}`")
        for c in sorted(oc.keys() & nc.keys()):
            if oc[c] != nc[c]:
                changes.append(f"  - alter `{c}`: {oc[c]} -> {nc[c]}")
        oi, ni = table_indexes(old, table), table_indexes(new, table)
        for i in sorted(ni.keys() ^ oi.keys()):
            changes.append(f"  - {'add' if i in ni else 'drop'} index `{i}`")
        if self.counts:
            a, b = row_count(old, table), row_count(new, table)
            if a != b:
                changes.append(f"  - row count {a} -> {b}")
        if changes:
            self.emit(f"- table `{table}`")
            self.lines.extend(changes)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("old_db")
    ap.add_argument("new_db")
    ap.add_argument("--counts", action="store_true", help="compare row counts too")
    ap.add_argument("-o", "--output")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        report = SchemaCompare(args.old_db, args.new_db, args.counts).run()
    except sqlite3.Error as exc:
        logger.error("cannot compare schemas: %s", exc)
        return 2
    text = "\n".join(report) + "\n"
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
    return 0 if len(report) == 1 else 1


if __name__ == "__main__":
    sys.exit(main())
