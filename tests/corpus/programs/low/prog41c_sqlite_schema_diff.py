#!/usr/bin/env python3
"""Compare the schemas of two SQLite databases and print a Markdown report.

Column metadata is read through the table-valued pragma functions with
bound parameters, so table names never get spliced into SQL text.
"""
import argparse
import logging
import sqlite3
import sys
from contextlib import closing
from dataclasses import dataclass

logger = logging.getLogger("schemadiff")


@dataclass(frozen=True)
class Column:
    name: str
    decl_type: str
    notnull: bool
    default: object
    pk: int


def list_tables(conn):
    rows = conn.execute(
        "SELECT name FROM sqlite_master WHERE type = ? AND name NOT LIKE ? ORDER BY name",
        ("table", "sqlite_%"),
    ).fetchall()
    return [r[0] for r in rows]


def table_columns(conn, table):
    cur = conn.execute(
        "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(?)",
        (table,),
    )
    return {r[0]: Column(r[0], r[1] or "", bool(r[2]), r[3], r[4]) for r in cur}


def table_indexes(conn, table):
    cur = conn.execute("SELECT name, \"unique\" FROM pragma_index_list(?)", (table,))
    return {name: bool(uniq) for name, uniq in cur}


class SchemaDiff:
    def __init__(self, old_path, new_path):
        self.old_path, self.new_path = old_path, new_path
        self.lines = []

    def emit(self, text=""):
        self.lines.append(text)

    def run(self):
        uri = "file:{}?mode=ro"
        with closing(sqlite3.connect(uri.format(self.old_path), uri=True)) as old, \
             closing(sqlite3.connect(uri.format(self.new_path), uri=True)) as new:
            old_t, new_t = set(list_tables(old)), set(list_tables(new))
            self.emit(f"# Schema diff: `{self.old_path}` -> `{self.new_path}`")
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
            verb = "add" if i in ni else "drop"
            changes.append(f"  - {verb} index `{i}`")
        if changes:
            self.emit(f"- table `{table}`")
            self.lines.extend(changes)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("old_db")
    ap.add_argument("new_db")
    ap.add_argument("-o", "--output", help="write report to this file")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        report = SchemaDiff(args.old_db, args.new_db).run()
    except sqlite3.Error as exc:
        logger.error("cannot diff schemas: %s", exc)
        return 2
    text = "\n".join(report) + "\n"
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(text)
        logger.info("report written to %s", args.output)
    else:
        sys.stdout.write(text)
    return 0 if len(report) == 1 else 1


if __name__ == "__main__":
    sys.exit(main())
