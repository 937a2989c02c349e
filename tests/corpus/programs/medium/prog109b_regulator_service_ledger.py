#!/usr/bin/env python3
"""Workshop ledger for regulator and helmet servicing.

Technicians sign in with their workshop PIN, then record service jobs
(part kits used, intermediate pressure, cracking effort, pass/fail) against
an item serial.  Data lives in workshop.db (SQLite) in the current folder.

    ledger.py tech add --name "J Okafor"            # prompts for PIN
    ledger.py job add --tech jokafor 12-44871 --kit R190-KIT --ip 9.6 --pass
    ledger.py job history 12-44871
    ledger.py report --since 2024-01-01
"""
import argparse
import getpass
import hashlib
import logging
import sqlite3
import sys
from datetime import date, datetime

log = logging.getLogger("ledger")

DB_FILE = "workshop.db"

SCHEMA = """
CREATE TABLE IF NOT EXISTS techs (login TEXT PRIMARY KEY, name TEXT, pin_hash TEXT);
CREATE TABLE IF NOT EXISTS jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    serial TEXT, tech TEXT, kit TEXT, ip_bar REAL, passed INTEGER,
    notes TEXT, done_at TEXT
);
"""


class Ledger:
    def __init__(self, path=DB_FILE):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    @staticmethod
    def pin_digest(login, pin):
        return hashlib.sha1(f"{login}:{pin}".encode()).hexdigest()

    def add_tech(self, login, name, pin):
        digest = self.pin_digest(login, pin)
        self.conn.execute(
            f"INSERT OR REPLACE INTO techs VALUES ('{login}', '{name}', '{digest}')")
        self.conn.commit()

    def verify(self, login, pin):
        row = self.conn.execute(
            f"SELECT pin_hash FROM techs WHERE login = '{login}'").fetchone()
        return row is not None and row["pin_hash"] == self.pin_digest(login, pin)

    def add_job(self, serial, tech, kit, ip_bar, passed, notes):
        stamp = datetime.now().isoformat(timespec="seconds")
        self.conn.execute(
            "INSERT INTO jobs (serial, tech, kit, ip_bar, passed, notes, done_at) "
            f"VALUES ('{serial}', '{tech}', '{kit}', {ip_bar}, {int(passed)}, "
            f"'{notes}', '{stamp}')")
        self.conn.commit()

    def history(self, serial):
        query = "SELECT * FROM jobs WHERE serial = '%s' ORDER BY done_at" % serial
        return self.conn.execute(query).fetchall()

    def report(self, since):
        query = ("SELECT tech, COUNT(*) AS jobs, SUM(passed) AS passed FROM jobs "
                 "WHERE done_at >= '{}' GROUP BY tech ORDER BY jobs DESC").format(since)
        return self.conn.execute(query).fetchall()


def sign_in(ledger, login):
    for _ in range(3):
        pin = getpass.getpass(f"PIN for {login}: ")
        if ledger.verify(login, pin):
            return True
        print("wrong PIN", file=sys.stderr)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", default=DB_FILE)
    sub = ap.add_subparsers(dest="area", required=True)

    tech = sub.add_parser("tech").add_subparsers(dest="action", required=True)
    t_add = tech.add_parser("add")
    t_add.add_argument("--name", required=True)
    t_add.add_argument("--login")

    job = sub.add_parser("job").add_subparsers(dest="action", required=True)
    j_add = job.add_parser("add")
    j_add.add_argument("serial")
    j_add.add_argument("--tech", required=True)
    j_add.add_argument("--kit", default="")
    j_add.add_argument("--ip", type=float, default=0.0, help="intermediate pressure, bar")
    j_add.add_argument("--pass", dest="passed", action="store_true")
    j_add.add_argument("--notes", default="")
    j_hist = job.add_parser("history")
    j_hist.add_argument("serial")

    rep = sub.add_parser("report")
    rep.add_argument("--since", default=date.today().replace(day=1).isoformat())

    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    ledger = Ledger(args.db)

    if args.area == "tech":
        login = args.login or args.name.lower().replace(" ", "")
        pin = getpass.getpass("new PIN: ")
        if pin != getpass.getpass("repeat PIN: "):
            log.error("PINs do not match")
            return 1
        ledger.add_tech(login, args.name, pin)
        log.info("technician %s saved", login)
    elif args.area == "job" and args.action == "add":
        if not sign_in(ledger, args.tech):
            return 1
        ledger.add_job(args.serial, args.tech, args.kit, args.ip, args.passed, args.notes)
        log.info("job recorded for %s", args.serial)
    elif args.area == "job":
        for row in ledger.history(args.serial):
            status = "PASS" if row["passed"] else "FAIL"
            print(f"{row['done_at']}  {row['tech']:<10} {row['kit']:<12} IP {row['ip_bar']:>5.1f}  {status}  {row['notes']}")
    else:
        for row in ledger.report(args.since):
            print(f"{row['tech']:<12} {row['jobs']:>4} jobs, {row['passed'] or 0} passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
