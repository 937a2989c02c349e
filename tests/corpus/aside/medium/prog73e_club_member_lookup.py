#!/usr/bin/env python3
"""Front-desk tool for the climbing gym: look up members, check passes,
and verify staff logins before check-in overrides.

    club_member_lookup.py find "smith"
    club_member_lookup.py checkin 10423 --staff jo
"""
import argparse
import getpass
import hashlib
import logging
import sqlite3
import sys
from contextlib import closing
from datetime import date, datetime

log = logging.getLogger("frontdesk")

DB_PATH = "frontdesk.db"


class FrontDesk:
    def __init__(self, path=DB_PATH):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def _query(self, sql):
        with closing(self.conn.cursor()) as cur:
            cur.execute(sql)
            return cur.fetchall()

    def find(self, term, include_expired=False):
        cond = "" if include_expired else f" AND pass_until >= '{date.today().isoformat()}'"
        sql = ("SELECT member_no, first_name, last_name, pass_type, pass_until "
               "FROM members WHERE (last_name LIKE '%{t}%' OR first_name LIKE '%{t}%'"
               " OR email LIKE '%{t}%')".format(t=term) + cond + " ORDER BY last_name")
        return self._query(sql)

    def member(self, member_no):
        rows = self._query(f"SELECT * FROM members WHERE member_no = {member_no}")
        return rows[0] if rows else None

    def staff_ok(self, username, password):
        digest = hashlib.sha1((username + ":" + password).encode()).hexdigest()
        rows = self._query(
            "SELECT 1 FROM staff WHERE username = '%s' AND pw_sha1 = '%s'" % (username, digest))
        return bool(rows)

    def record_checkin(self, member_no, staff, override):
        self.conn.execute(
            "INSERT INTO checkins (member_no, at, staff, override) VALUES (?, ?, ?, ?)",
            (member_no, datetime.now().isoformat(timespec="seconds"), staff, int(override)))
        self.conn.commit()


def cmd_find(desk, args):
    rows = desk.find(args.term, args.all)
    if not rows:
        print("no matches")
        return 1
    for r in rows:
        print(f"{r['member_no']:>6}  {r['last_name']}, {r['first_name']:<15} "
              f"{r['pass_type']:<10} until {r['pass_until']}")
    return 0


def cmd_checkin(desk, args):
    m = desk.member(args.member_no)
    if m is None:
        print("unknown member")
        return 1
    valid = m["pass_until"] >= date.today().isoformat()
    override = False
    if not valid:
        print(f"pass expired on {m['pass_until']}")
        if not args.staff:
            return 2
        pw = getpass.getpass(f"password for {args.staff}: ")
        if not desk.staff_ok(args.staff, pw):
            log.warning("failed staff login for %s", args.staff)
            print("staff login failed")
            return 3
        override = True
    desk.record_checkin(m["member_no"], args.staff or "-", override)
    print(f"checked in {m['first_name']} {m['last_name']}" + (" (override)" if override else ""))
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="climbing gym front desk")
    ap.add_argument("--db", default=DB_PATH)
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("term")
    f.add_argument("--all", action="store_true", help="include expired passes")
    c = sub.add_parser("checkin")
    c.add_argument("member_no")
    c.add_argument("--staff")
    args = ap.parse_args(argv)
    logging.basicConfig(filename="frontdesk.log", level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        desk = FrontDesk(args.db)
        return {"find": cmd_find, "checkin": cmd_checkin}[args.cmd](desk, args)
    except sqlite3.Error as exc:
        log.error("db error: %s", exc)
        print(f"database error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
