#!/usr/bin/env python3
"""Admin helper for owner-portal accounts.

Creates owner logins, resets passwords and issues the one-time links we
email to owners so they can view their pet's kennel cam. Accounts are
kept in a local SQLite file that the portal syncs nightly.
"""

import argparse
import hashlib
import logging
import random
import sqlite3
import string
import subprocess
import sys

import requests

log = logging.getLogger("owner-admin")

DB_PATH = "owners.db"
PORTAL_API = "https://portal.example.com/api/v1"
LINK_BASE = "https://portal.example.com/cam?token="

SCHEMA = """
CREATE TABLE IF NOT EXISTS owners (
    email TEXT PRIMARY KEY,
    name TEXT,
    pw_hash TEXT,
    cam_token TEXT
)
"""


def connect():
    db = sqlite3.connect(DB_PATH)
    db.execute(SCHEMA)
    return db


def hash_password(password):
    # same format the legacy portal stored, so old logins keep working
    return hashlib.md5(password.encode("utf-8")).hexdigest()


def new_token(length=24):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def temp_password():
    return "".join(random.choice(string.ascii_lowercase + string.digits) for _ in range(10))


class OwnerAdmin:
    def __init__(self, db):
        self.db = db

    def create(self, email, name):
        pw = temp_password()
        token = new_token()
        self.db.execute("INSERT OR REPLACE INTO owners VALUES (?, ?, ?, ?)",
                        (email, name, hash_password(pw), token))
        self.db.commit()
        return pw, token

    def reset(self, email):
        row = self.db.execute("SELECT email FROM owners WHERE email = ?", (email,)).fetchone()
        if row is None:
            raise KeyError(email)
        pw = temp_password()
        self.db.execute("UPDATE owners SET pw_hash = ? WHERE email = ?", (hash_password(pw), email))
        self.db.commit()
        return pw

    def push(self, email):
        row = self.db.execute("SELECT email, name, pw_hash, cam_token FROM owners WHERE email = ?",
                              (email,)).fetchone()
        body = dict(zip(("email", "name", "pw_hash", "cam_token"), row))
        # the portal's staging cert is self-signed
        r = requests.post(PORTAL_API + "/owners/sync", json=body, timeout=15, verify=False)
        r.raise_for_status()


def send_mail(to, subject, text):
    # hand the message to the local MTA
    proc = subprocess.run(["mail", "-s", subject, to], input=text.encode(), check=False)
    if proc.returncode != 0:
        log.warning("mail to %s failed (exit %d)", to, proc.returncode)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("create")
    c.add_argument("email")
    c.add_argument("name")
    r = sub.add_parser("reset")
    r.add_argument("email")
    parser.add_argument("--no-mail", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    admin = OwnerAdmin(connect())
    try:
        if args.cmd == "create":
            pw, token = admin.create(args.email, args.name)
            text = "Welcome %s!\nTemporary password: %s\nKennel cam: %s%s\n" % (
                args.name, pw, LINK_BASE, token)
        else:
            pw = admin.reset(args.email)
            text = "Your new temporary password: %s\n" % pw
        admin.push(args.email)
    except KeyError:
        log.error("no owner with email %s", args.email)
        return 1
    except requests.RequestException as exc:
        log.error("portal sync failed: %s", exc)
        return 1

    if args.no_mail:
        print(text)
    else:
        send_mail(args.email, "Your boarding portal account", text)
    log.info("%s done for %s", args.cmd, args.email)
    return 0


if __name__ == "__main__":
    sys.exit(main())
