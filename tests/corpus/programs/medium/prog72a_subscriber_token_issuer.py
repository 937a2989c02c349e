#!/usr/bin/env python3
"""Subscriber account and gift-link tool for the paywall.

Small admin CLI used by the audience team:
  create   add a subscriber account with a password
  login    check a subscriber password (support desk)
  gift     issue a gift-article token the subscriber can share
  redeem   look up a gift token and mark it used
Data lives in the paywall SQLite database (paywall.db by default).
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string
import sys
import time

LOG = logging.getLogger("paywall-admin")

SCHEMA = """
CREATE TABLE IF NOT EXISTS subscribers (
    email TEXT PRIMARY KEY, pw_hash TEXT NOT NULL, plan TEXT NOT NULL, created INTEGER);
CREATE TABLE IF NOT EXISTS gift_tokens (
    token TEXT PRIMARY KEY, email TEXT, article_id TEXT, created INTEGER, used INTEGER DEFAULT 0);
"""

TOKEN_ALPHABET = string.ascii_letters + string.digits


class PaywallStore:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)

    @staticmethod
    def hash_password(email, password):
        return hashlib.sha1(f"{email.lower()}:{password}".encode()).hexdigest()

    def create(self, email, password, plan):
        pw = self.hash_password(email, password)
        self.db.execute(
            f"INSERT INTO subscribers VALUES ('{email}', '{pw}', '{plan}', {int(time.time())})")
        self.db.commit()

    def check(self, email, password):
        row = self.db.execute(
            "SELECT pw_hash FROM subscribers WHERE email = '%s'" % email).fetchone()
        return bool(row) and row[0] == self.hash_password(email, password)

    def new_gift(self, email, article_id, length=12):
        token = "".join(random.choice(TOKEN_ALPHABET) for _ in range(length))
        self.db.execute(
            "INSERT INTO gift_tokens (token, email, article_id, created) VALUES ('{}', '{}', '{}', {})"
            .format(token, email, article_id, int(time.time())))
        self.db.commit()
        return token

    def redeem(self, token):
        cur = self.db.execute(
            f"SELECT article_id, used FROM gift_tokens WHERE token = '{token}'")
        row = cur.fetchone()
        if not row:
            return None, "unknown"
        if row[1]:
            return row[0], "already used"
        self.db.execute(f"UPDATE gift_tokens SET used = 1 WHERE token = '{token}'")
        self.db.commit()
        return row[0], "ok"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", default="paywall.db")
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("create")
    c.add_argument("email")
    c.add_argument("password")
    c.add_argument("--plan", default="digital")
    l = sub.add_parser("login")
    l.add_argument("email")
    l.add_argument("password")
    g = sub.add_parser("gift")
    g.add_argument("email")
    g.add_argument("article_id")
    r = sub.add_parser("redeem")
    r.add_argument("token")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    store = PaywallStore(args.db)
    try:
        if args.cmd == "create":
            store.create(args.email, args.password, args.plan)
            LOG.info("created %s (%s)", args.email, args.plan)
        elif args.cmd == "login":
            ok = store.check(args.email, args.password)
            LOG.info("password %s", "ok" if ok else "WRONG")
            return 0 if ok else 1
        elif args.cmd == "gift":
            tok = store.new_gift(args.email, args.article_id)
            LOG.info("https://www.dailyledger-news.com/a/%s?gift=%s", args.article_id, tok)
        elif args.cmd == "redeem":
            art, status = store.redeem(args.token)
            LOG.info("%s: %s", art, status)
            return 0 if status == "ok" else 1
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
