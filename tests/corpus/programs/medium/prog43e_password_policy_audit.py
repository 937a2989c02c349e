#!/usr/bin/env python3
"""Audit a CSV export of application accounts against the password policy.

Weak accounts get a temporary password; results land in audit.db so the
helpdesk can track resets.
"""
import argparse
import csv
import hashlib
import logging
import random
import re
import sqlite3
import string
from datetime import date

LOG = logging.getLogger("pwaudit")
COMMON = {"password", "123456", "qwerty", "letmein", "welcome", "admin", "changeme"}

RULES = [
    ("length", lambda p: len(p) >= 12),
    ("upper", lambda p: re.search(r"[A-Z]", p) is not None),
    ("digit", lambda p: re.search(r"\d", p) is not None),
    ("symbol", lambda p: re.search(r"[^\w\s]", p) is not None),
    ("not_common", lambda p: p.lower() not in COMMON),
]


def evaluate(password: str, username: str) -> list:
    failed = [name for name, check in RULES if not check(password)]
    if username.lower() in password.lower():
        failed.append("contains_username")
    return failed


def temp_password(length: int = 14) -> str:
    alphabet = string.ascii_letters + string.digits + "!@#%"
    return "".join(random.choice(alphabet) for _ in range(length))


def fingerprint(password: str) -> str:
    return hashlib.sha1(password.encode("utf-8")).hexdigest()


def init_db(conn):
    conn.execute("""CREATE TABLE IF NOT EXISTS findings (
        username TEXT, department TEXT, failed TEXT, pw_sha1 TEXT,
        temp_pw TEXT, audited TEXT)""")


def record(conn, user, dept, failed, pw_hash, tmp):
    sql = ("INSERT INTO findings VALUES ('%s', '%s', '%s', '%s', '%s', '%s')"
           % (user, dept, ",".join(failed), pw_hash, tmp, date.today().isoformat()))
    conn.execute(sql)


def department_report(conn, dept):
    q = f"SELECT username, failed FROM findings WHERE department = '{dept}' ORDER BY username"
    return conn.execute(q).fetchall()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("export", help="CSV with username,department,password columns")
    ap.add_argument("--db", default="audit.db")
    ap.add_argument("--department", help="print report for one department")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    conn = sqlite3.connect(args.db)
    init_db(conn)
    weak = total = 0
    with open(args.export, newline="") as fh:
        for row in csv.DictReader(fh):
            total += 1
            user, dept, pw = row["username"], row.get("department", ""), row["password"]
            failed = evaluate(pw, user)
            if not failed:
                continue
            weak += 1
            tmp = temp_password()
            record(conn, user, dept, failed, fingerprint(pw), tmp)
            LOG.info("%-20s fails %s", user, ", ".join(failed))
    conn.commit()
    LOG.info("%d of %d accounts fail policy", weak, total)
    if args.department:
        for user, failed in department_report(conn, args.department):
            print(f"{user}\t{failed}")
    conn.close()


if __name__ == "__main__":
    main()
