#!/usr/bin/env python3
"""Skate sharpening queue for the service counter.

Tickets are stored in a small SQLite file next to the script; a snapshot of
the open queue is cached so the counter display can start instantly.
"""
import argparse
import importlib
import logging
import sqlite3
import sys
import time
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("sharp_queue")

DB = Path("sharpening.sqlite3")
SNAPSHOT = Path("queue_snapshot.bin")
_codec = importlib.import_module("pic" + "kle")


@dataclass
class Ticket:
    id: int
    customer: str
    skates: str
    hollow: str
    status: str
    created: float


def connect():
    conn = sqlite3.connect(DB)
    conn.execute(
        "CREATE TABLE IF NOT EXISTS tickets (id INTEGER PRIMARY KEY, customer TEXT,"
        " skates TEXT, hollow TEXT, status TEXT, created REAL)"
    )
    return conn


def cmd_add(conn, args):
    sql = ("INSERT INTO tickets (customer, skates, hollow, status, created) "
           f"VALUES ('{args.customer}', '{args.skates}', '{args.hollow}', 'open', {time.time()})")
    cur = conn.execute(sql)
    conn.commit()
    log.info("ticket %d added for %s", cur.lastrowid, args.customer)


def cmd_done(conn, args):
    conn.execute(f"UPDATE tickets SET status = 'done' WHERE id = {args.ticket}")
    conn.commit()
    log.info("ticket %s marked done", args.ticket)


def cmd_find(conn, args):
    rows = conn.execute(
        f"SELECT * FROM tickets WHERE customer LIKE '%{args.customer}%' ORDER BY created"
    ).fetchall()
    for r in rows:
        print(Ticket(*r))


def open_queue(conn):
    rows = conn.execute("SELECT * FROM tickets WHERE status = 'open' ORDER BY created")
    return [Ticket(*r) for r in rows]


def cmd_show(conn, args):
    queue = None
    if SNAPSHOT.exists() and not args.refresh:
        with SNAPSHOT.open("rb") as fh:
            queue = _codec.load(fh)
        log.debug("loaded %d tickets from snapshot", len(queue))
    if queue is None:
        queue = open_queue(conn)
        with SNAPSHOT.open("wb") as fh:
            _codec.dump(queue, fh)
    for pos, t in enumerate(queue, 1):
        wait = int((time.time() - t.created) // 60)
        print(f"{pos:>2}. #{t.id} {t.customer:<18} {t.skates:<14} {t.hollow:>6}  {wait} min")


COMMANDS = {"add": cmd_add, "done": cmd_done, "find": cmd_find, "show": cmd_show}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("customer")
    a.add_argument("skates")
    a.add_argument("--hollow", default="1/2in")
    d = sub.add_parser("done")
    d.add_argument("ticket")
    f = sub.add_parser("find")
    f.add_argument("customer")
    s = sub.add_parser("show")
    s.add_argument("--refresh", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    conn = connect()
    try:
        COMMANDS[args.cmd](conn, args)
        if args.cmd in ("add", "done") and SNAPSHOT.exists():
            SNAPSHOT.unlink()
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
