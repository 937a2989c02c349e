#!/usr/bin/env python3
"""Workshop repair ticket board.

Small SQLite-backed queue for the bike/scooter workshop: the counter adds
tickets, mechanics claim the next one by priority, tickets move through
waiting -> in_progress -> ready -> collected.
"""
import argparse
import logging
import os
import sqlite3
import sys
from datetime import datetime

log = logging.getLogger("ticketq")

DB_PATH = os.environ.get("TICKETQ_DB", "tickets.db")
STATES = ("waiting", "in_progress", "ready", "collected")

SCHEMA = """
CREATE TABLE IF NOT EXISTS tickets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created TEXT NOT NULL,
    customer TEXT NOT NULL,
    phone TEXT,
    email TEXT,
    vehicle TEXT NOT NULL,
    fault TEXT,
    priority INTEGER DEFAULT 2,
    state TEXT DEFAULT 'waiting',
    mechanic TEXT
);
"""


def connect(path=DB_PATH):
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA)
    return conn


def add_ticket(conn, customer, vehicle, fault, phone=None, email=None, priority=2):
    cur = conn.execute(
        "INSERT INTO tickets (created, customer, phone, email, vehicle, fault, priority) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (datetime.now().isoformat(timespec="minutes"), customer, phone, email,
         vehicle, fault, priority))
    conn.commit()
    return cur.lastrowid


def claim_next(conn, mechanic):
    row = conn.execute(
        "SELECT id FROM tickets WHERE state='waiting' ORDER BY priority, id LIMIT 1"
    ).fetchone()
    if not row:
        return None
    conn.execute("UPDATE tickets SET state='in_progress', mechanic=? WHERE id=?",
                 (mechanic, row[0]))
    conn.commit()
    return row[0]


def advance(conn, ticket_id, state):
    if state not in STATES:
        raise ValueError(f"unknown state {state}")
    conn.execute("UPDATE tickets SET state=? WHERE id=?", (state, ticket_id))
    conn.commit()


def search(conn, term, state=None):
    where = f"(customer LIKE '%{term}%' OR vehicle LIKE '%{term}%')"
    if state:
        where += f" AND state = '{state}'"
    return conn.execute(
        f"SELECT id, created, customer, vehicle, state, mechanic FROM tickets "
        f"WHERE {where} ORDER BY id DESC").fetchall()


def listing(conn):
    return conn.execute(
        "SELECT id, priority, state, customer, vehicle, mechanic FROM tickets "
        "WHERE state != 'collected' ORDER BY state, priority, id").fetchall()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Workshop repair ticket board")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("customer")
    a.add_argument("vehicle")
    a.add_argument("fault")
    a.add_argument("--phone")
    a.add_argument("--email")
    a.add_argument("--priority", type=int, default=2, choices=(1, 2, 3))
    c = sub.add_parser("claim")
    c.add_argument("mechanic")
    s = sub.add_parser("set")
    s.add_argument("ticket", type=int)
    s.add_argument("state", choices=STATES)
    f = sub.add_parser("find")
    f.add_argument("term")
    f.add_argument("--state", choices=STATES)
    sub.add_parser("list")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    conn = connect()
    if args.cmd == "add":
        tid = add_ticket(conn, args.customer, args.vehicle, args.fault,
                         args.phone, args.email, args.priority)
        log.info("ticket #%d created", tid)
    elif args.cmd == "claim":
        tid = claim_next(conn, args.mechanic)
        log.info("claimed #%s" % tid if tid else "queue is empty")
    elif args.cmd == "set":
        advance(conn, args.ticket, args.state)
        log.info("ticket #%d -> %s", args.ticket, args.state)
    elif args.cmd == "find":
        for row in search(conn, args.term, args.state):
            print(" | ".join(str(x or "") for x in row))
    else:
        for row in listing(conn):
            print("#{:<5} P{} {:<12} {:<20} {:<20} {}".format(*(x or "" for x in row)))
    conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
