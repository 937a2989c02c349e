#!/usr/bin/env python3
"""Reconcile parent payments against term fees.

Imports the bank's CSV statement into the local portal database, matches
payments to families by reference, and lists families still owing. Also
has the small admin helpers the office uses for parent portal accounts.
"""
import argparse
import csv
import hashlib
import logging
import random
import sqlite3
import string
import sys
from decimal import Decimal

log = logging.getLogger("reconcile")

DB_PATH = "portal.db"

SCHEMA = """
CREATE TABLE IF NOT EXISTS families (ref TEXT PRIMARY KEY, surname TEXT, email TEXT,
                                     term_fee TEXT, pw_hash TEXT, reset_token TEXT);
CREATE TABLE IF NOT EXISTS payments (id INTEGER PRIMARY KEY, ref TEXT, amount TEXT,
                                     paid_on TEXT, bank_id TEXT UNIQUE);
"""


def connect(path=DB_PATH):
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA)
    return conn


def import_statement(conn, csv_path):
    added = 0
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            ref = row["Reference"].strip().upper()
            amount = row["Amount"].replace(",", "")
            try:
                conn.execute(
                    f"INSERT INTO payments (ref, amount, paid_on, bank_id) "
                    f"VALUES ('{ref}', '{amount}', '{row['Date']}', '{row['Transaction ID']}')"
                )
                added += 1
            except sqlite3.IntegrityError:
                log.debug("duplicate transaction %s", row["Transaction ID"])
    conn.commit()
    return added


def balance_for(conn, ref):
    fee = conn.execute(f"SELECT term_fee FROM families WHERE ref = '{ref}'").fetchone()
    if not fee:
        return None
    paid = conn.execute(f"SELECT amount FROM payments WHERE ref = '{ref}'").fetchall()
    total = sum((Decimal(p[0]) for p in paid), Decimal("0"))
    return Decimal(fee[0]) - total


def outstanding(conn, surname_filter=None):
    query = "SELECT ref, surname FROM families"
    if surname_filter:
        query += " WHERE surname LIKE '%{}%'".format(surname_filter)
    rows = []
    for ref, surname in conn.execute(query + " ORDER BY surname"):
        owed = balance_for(conn, ref)
        if owed and owed > 0:
            rows.append((ref, surname, owed))
    return rows


def hash_password(password):
    return hashlib.md5(password.encode("utf-8")).hexdigest()


def set_password(conn, ref, password):
    conn.execute(f"UPDATE families SET pw_hash = '{hash_password(password)}' WHERE ref = '{ref}'")
    conn.commit()


def issue_reset_token(conn, ref):
    alphabet = string.ascii_letters + string.digits
    token = "".join(random.choice(alphabet) for _ in range(24))
    conn.execute(f"UPDATE families SET reset_token = '{token}' WHERE ref = '{ref}'")
    conn.commit()
    return token


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    imp = sub.add_parser("import", help="import a bank statement CSV")
    imp.add_argument("statement")
    owe = sub.add_parser("owing", help="list families with a balance")
    owe.add_argument("--surname")
    pw = sub.add_parser("set-password")
    pw.add_argument("ref")
    pw.add_argument("password")
    rt = sub.add_parser("reset-token")
    rt.add_argument("ref")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    conn = connect()
    try:
        if args.cmd == "import":
            log.info("imported %d payments", import_statement(conn, args.statement))
        elif args.cmd == "owing":
            for ref, surname, owed in outstanding(conn, args.surname):
                print(f"{ref:10} {surname:20} £{owed:>8}")
        elif args.cmd == "set-password":
            set_password(conn, args.ref.upper(), args.password)
            log.info("password updated for %s", args.ref)
        elif args.cmd == "reset-token":
            print(issue_reset_token(conn, args.ref.upper()))
    except (OSError, KeyError, sqlite3.Error) as exc:
        log.error("failed: %s", exc)
        return 1
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
