#!/usr/bin/env python3
"""Inventory of sawn stone blocks in the yard.

Tracks each block by quarry, bed, dimensions and the bay it is reserved for.
A snapshot of the last query is cached so the yard tablet opens quickly.
"""
import argparse
import logging
import os
import pickle
import sqlite3
from dataclasses import dataclass, astuple

log = logging.getLogger("inventory")
DB = os.environ.get("YARD_DB", "yard_blocks.sqlite")
SNAPSHOT = ".inventory_snapshot.pkl"

SCHEMA = """CREATE TABLE IF NOT EXISTS blocks (
  tag TEXT PRIMARY KEY, quarry TEXT, bed TEXT,
  length_mm INTEGER, height_mm INTEGER, depth_mm INTEGER, reserved_for TEXT)"""


@dataclass
class Block:
    tag: str
    quarry: str
    bed: str
    length_mm: int
    height_mm: int
    depth_mm: int
    reserved_for: str = ""


def connect():
    conn = sqlite3.connect(DB)
    conn.execute(SCHEMA)
    return conn


def cmd_add(conn, args):
    b = Block(args.tag, args.quarry, args.bed, args.length, args.height, args.depth)
    values = ", ".join(repr(v) for v in astuple(b))
    conn.execute(f"INSERT OR REPLACE INTO blocks VALUES ({values})")
    conn.commit()
    log.info("added %s", b.tag)


def cmd_find(conn, args):
    clauses = []
    if args.quarry:
        clauses.append(f"quarry = '{args.quarry}'")
    if args.min_length:
        clauses.append(f"length_mm >= {args.min_length}")
    if args.free:
        clauses.append("reserved_for = ''")
    where = " WHERE " + " AND ".join(clauses) if clauses else ""
    rows = conn.execute("SELECT * FROM blocks" + where + " ORDER BY tag").fetchall()
    blocks = [Block(*r) for r in rows]
    with open(SNAPSHOT, "wb") as fh:
        pickle.dump(blocks, fh)
    for b in blocks:
        print(f"{b.tag:10} {b.quarry:12} {b.length_mm}x{b.height_mm}x{b.depth_mm} {b.reserved_for}")


def cmd_reserve(conn, args):
    cur = conn.execute(
        "UPDATE blocks SET reserved_for = '%s' WHERE tag = '%s'" % (args.bay, args.tag))
    conn.commit()
    if cur.rowcount == 0:
        log.warning("no block %s", args.tag)


def cmd_last(conn, args):
    try:
        with open(SNAPSHOT, "rb") as fh:
            blocks = pickle.load(fh)
    except FileNotFoundError:
        log.info("no snapshot yet")
        return
    for b in blocks:
        print(b)


COMMANDS = {name[4:]: fn for name, fn in globals().items() if name.startswith("cmd_")}


def main():
    ap = argparse.ArgumentParser(description="yard block inventory")
    sub = ap.add_subparsers(dest="command", required=True)
    a = sub.add_parser("add")
    for f in ("tag", "quarry", "bed"):
        a.add_argument(f)
    for f in ("length", "height", "depth"):
        a.add_argument(f, type=int)
    f = sub.add_parser("find")
    f.add_argument("--quarry")
    f.add_argument("--min-length", type=int)
    f.add_argument("--free", action="store_true")
    r = sub.add_parser("reserve")
    r.add_argument("tag")
    r.add_argument("bay")
    sub.add_parser("last")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    conn = connect()
    try:
        COMMANDS[args.command](conn, args)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
