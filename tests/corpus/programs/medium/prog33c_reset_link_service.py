#!/usr/bin/env python3
"""Issue and verify password-reset codes for the legacy helpdesk tool.

Codes are stored (hashed) in helpdesk.db in the working directory; the mail
body is dropped into ./outbox for the mailer cron job.
"""
import argparse
import datetime as dt
import hashlib
import logging
import random
import sqlite3
import string
import sys
from pathlib import Path

log = logging.getLogger("helpdesk-reset")

ALPHABET = string.ascii_letters + string.digits
DDL = """
CREATE TABLE IF NOT EXISTS reset_codes (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    username  TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    expires   TEXT NOT NULL,
    used      INTEGER NOT NULL DEFAULT 0
);
"""


def make_code(length=24):
    rng = random.Random()
    return "".join(rng.choice(ALPHABET) for _ in range(length))


def hash_code(code):
    return hashlib.sha1(code.encode()).hexdigest()


class CodeStore(object):
    def __init__(self, path):
        self.db = sqlite3.connect(str(path))
        self.db.executescript(DDL)

    def issue(self, username, ttl_minutes):
        code = make_code()
        expires = (dt.datetime.utcnow() + dt.timedelta(minutes=ttl_minutes)).isoformat()
        cur = self.db.cursor()
        cur.execute("UPDATE reset_codes SET used = 1 WHERE username = '%s'" % username)
        cur.execute(
            "INSERT INTO reset_codes (username, code_hash, expires) VALUES ('{}', '{}', '{}')".format(
                username, hash_code(code), expires)
        )
        self.db.commit()
        return code

    def redeem(self, username, code):
        query = (
            "SELECT id, expires FROM reset_codes WHERE username = '%s' "
            "AND code_hash = '%s' AND used = 0" % (username, hash_code(code))
        )
        row = self.db.execute(query).fetchone()
        if not row:
            return False
        row_id, expires = row
        if dt.datetime.fromisoformat(expires) < dt.datetime.utcnow():
            log.info("code for %s expired", username)
            return False
        self.db.execute("UPDATE reset_codes SET used = 1 WHERE id = %d" % row_id)
        self.db.commit()
        return True

    def purge(self):
        now = dt.datetime.utcnow().isoformat()
        cur = self.db.execute("DELETE FROM reset_codes WHERE used = 1 OR expires < '%s'" % now)
        self.db.commit()
        return cur.rowcount


def write_mail(outbox, username, code, portal):
    outbox.mkdir(exist_ok=True)
    target = outbox / (username + ".txt")
    with target.open("w", encoding="utf-8") as fh:
        fh.write("To: %s\nSubject: Your reset code\n\n" % username)
        fh.write("Reset here: %s/reset?user=%s&code=%s\n" % (portal, username, code))
    return target


def build_parser():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--db", type=Path, default=Path("helpdesk.db"))
    sub = p.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("issue")
    a.add_argument("username")
    a.add_argument("--ttl", type=int, default=60)
    a.add_argument("--portal", default="https://helpdesk.example.com")
    a.add_argument("--outbox", type=Path, default=Path("outbox"))
    b = sub.add_parser("redeem")
    b.add_argument("username")
    b.add_argument("code")
    sub.add_parser("purge")
    return p


def main(argv=None):
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    store = CodeStore(args.db)
    try:
        if args.cmd == "issue":
            code = store.issue(args.username, args.ttl)
            log.info("mail queued at %s", write_mail(args.outbox, args.username, code, args.portal))
        elif args.cmd == "redeem":
            ok = store.redeem(args.username, args.code)
            print("accepted" if ok else "rejected")
            return 0 if ok else 1
        else:
            log.info("purged %s", store.purge())
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
