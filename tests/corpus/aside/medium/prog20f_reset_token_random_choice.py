#!/usr/bin/env python3
"""Issue and redeem password-reset tokens for the support desk tool.

Support staff run this to create a one-time reset token for a user; the
token is stored in ./support.db with an expiry and printed so it can be
read out to the user.  Tokens are generated with random.choice.
"""
import argparse
import logging
import random
import sqlite3
import string
import sys
import time
from pathlib import Path

log = logging.getLogger("resettok")

DB = Path("support.db")
ALPHABET = string.ascii_letters + string.digits
TOKEN_LEN = 20
TTL_SECONDS = 30 * 60


def connect() -> sqlite3.Connection:
    conn = sqlite3.connect(DB)
    conn.execute("""CREATE TABLE IF NOT EXISTS reset_tokens (
                    token TEXT PRIMARY KEY,
                    username TEXT NOT NULL,
                    expires REAL NOT NULL,
                    used INTEGER NOT NULL DEFAULT 0)""")
    return conn


def generate_token(length: int = TOKEN_LEN) -> str:
    return "".join(random.choice(ALPHABET) for _ in range(length))


def issue(conn: sqlite3.Connection, username: str) -> str:
    token = generate_token()
    expires = time.time() + TTL_SECONDS
    with conn:
        conn.execute("UPDATE reset_tokens SET used = 1 WHERE username = ? AND used = 0",
                     (username,))
        conn.execute("INSERT INTO reset_tokens (token, username, expires) VALUES (?, ?, ?)",
                     (token, username, expires))
    log.info("issued token for %s, expires %s", username,
             time.strftime("%H:%M", time.localtime(expires)))
    return token


def redeem(conn: sqlite3.Connection, token: str) -> str:
    row = conn.execute("SELECT username, expires, used FROM reset_tokens WHERE token = ?",
                       (token,)).fetchone()
    if row is None:
        raise LookupError("unknown token")
    username, expires, used = row
    if used:
        raise LookupError("token already used")
    if expires < time.time():
        raise LookupError("token expired")
    with conn:
        conn.execute("UPDATE reset_tokens SET used = 1 WHERE token = ?", (token,))
    return username


def purge(conn: sqlite3.Connection) -> int:
    with conn:
        cur = conn.execute("DELETE FROM reset_tokens WHERE expires < ? OR used = 1",
                           (time.time(),))
    return cur.rowcount


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Password reset token desk tool")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_issue = sub.add_parser("issue")
    p_issue.add_argument("username")
    p_redeem = sub.add_parser("redeem")
    p_redeem.add_argument("token")
    sub.add_parser("purge")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")
    try:
        conn = connect()
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 2
    try:
        if args.cmd == "issue":
            print(issue(conn, args.username))
        elif args.cmd == "redeem":
            print(f"token valid for user {redeem(conn, args.token)}")
        else:
            print(f"purged {purge(conn)} tokens")
    except LookupError as exc:
        log.error("%s", exc)
        return 1
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
