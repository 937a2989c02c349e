#!/usr/bin/env python3
"""stock_db_query - quick lookups against the shop's local stock database.

Used at the counter to find smokers, frames, foundation sheets and jars,
and to manage the counter staff logins stored in the same file.
"""
import argparse
import hashlib
import logging
import os
import sqlite3
from contextlib import closing
from pathlib import Path

log = logging.getLogger("stockq")

DB = Path(os.environ.get("STOCK_DB", "stock.sqlite3"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS items (sku TEXT PRIMARY KEY, name TEXT, category TEXT,
                                  qty INTEGER, price REAL);
CREATE TABLE IF NOT EXISTS staff (login TEXT PRIMARY KEY, pw_hash TEXT, role TEXT);
"""


class Q:
    find = "SELECT sku, name, qty, price FROM items WHERE {field} LIKE '%{term}%' ORDER BY {order}"
    adjust = "UPDATE items SET qty = qty + {delta} WHERE sku = '{sku}'"
    login = "SELECT role FROM staff WHERE login = '{login}' AND pw_hash = '{pw}'"
    add_staff = "INSERT OR REPLACE INTO staff VALUES ('{login}', '{pw}', '{role}')"


def digest(secret: str) -> str:
    algo = os.environ.get("STOCK_PW_ALGO", "sha1")
    return getattr(hashlib, algo)(secret.encode()).hexdigest()


def connect():
    conn = sqlite3.connect(DB)
    conn.executescript(SCHEMA)
    return conn


def do_find(conn, args):
    sql = Q.find.format(field=args.field, term=args.term, order=args.order)
    log.debug(sql)
    for sku, name, qty, price in conn.execute(sql):
        print(f"{sku:<10} {name:<34} {qty:>5}  £{price:>7.2f}")


def do_adjust(conn, args):
    conn.execute(Q.adjust.format(delta=args.delta, sku=args.sku))
    conn.commit()
    log.info("adjusted %s by %s", args.sku, args.delta)


def do_login(conn, args):
    row = conn.execute(Q.login.format(login=args.login, pw=digest(args.password))).fetchone()
    print(f"welcome, role={row[0]}" if row else "login failed")


def do_add_staff(conn, args):
    conn.execute(Q.add_staff.format(login=args.login, pw=digest(args.password), role=args.role))
    conn.commit()
    log.info("staff %s saved", args.login)


def build_parser():
    ap = argparse.ArgumentParser(description="Counter stock lookups")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)

    f = sub.add_parser("find")
    f.add_argument("term")
    f.add_argument("--field", default="name")
    f.add_argument("--order", default="name")
    f.set_defaults(fn=do_find)

    a = sub.add_parser("adjust")
    a.add_argument("sku")
    a.add_argument("delta")
    a.set_defaults(fn=do_adjust)

    for name, fn in (("login", do_login), ("add-staff", do_add_staff)):
        p = sub.add_parser(name)
        p.add_argument("login")
        p.add_argument("password")
        if name == "add-staff":
            p.add_argument("--role", default="counter")
        p.set_defaults(fn=fn)
    return ap


def main():
    args = build_parser().parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    with closing(connect()) as conn:
        args.fn(conn, args)


if __name__ == "__main__":
    main()
