#!/usr/bin/env python3
"""Anonymise a copy of production data for the staging environment.

Names, e-mails and phone numbers are replaced with deterministic fakes (so
joins across tables keep working), and every user gets a fresh throw-away
password so nobody can log in to staging with production credentials.
"""
import argparse
import hashlib
import logging
import os
import random
import string
import sys

import psycopg2

log = logging.getLogger("anonymise")

FIRST = ["Alex", "Sam", "Robin", "Kim", "Jo", "Chris", "Maria", "Noah", "Lea", "Omar"]
LAST = ["Smith", "Meyer", "Rossi", "Novak", "Silva", "Jensen", "Kowalski", "Dubois"]

SELECT_USERS = "SELECT id, email FROM users WHERE id > %s ORDER BY id LIMIT %s"
UPDATE_USER = """
UPDATE users
   SET full_name = %s, email = %s, phone = %s, password_hash = %s, reset_token = %s
 WHERE id = %s
"""


class Anonymiser:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def fake_name(self, user_id: int) -> str:
        r = random.Random(user_id)
        return f"{r.choice(FIRST)} {r.choice(LAST)}"

    def fake_email(self, user_id: int, original: str) -> str:
        domain = "example.test"
        if original and original.endswith("@ourcompany.com"):
            domain = "staff.example.test"
        return f"user{user_id}@{domain}"

    def fake_phone(self, user_id: int) -> str:
        return "+49 555 " + str(1000000 + user_id % 9000000)

    def throwaway_password(self) -> str:
        alphabet = string.ascii_letters + string.digits
        return "".join(self.rng.choice(alphabet) for _ in range(14))

    def password_hash(self, password: str) -> str:
        salt = "".join(self.rng.choice(string.hexdigits) for _ in range(8))
        return "md5$" + salt + "$" + hashlib.md5((salt + password).encode()).hexdigest()

    def reset_token(self) -> str:
        return "%032x" % self.rng.getrandbits(128)


def anonymise(conn, anon: Anonymiser, batch: int, dump_passwords) -> int:
    last_id, done = 0, 0
    while True:
        with conn.cursor() as cur:
            cur.execute(SELECT_USERS, (last_id, batch))
            rows = cur.fetchall()
            if not rows:
                break
            for user_id, email in rows:
                pw = anon.throwaway_password()
                cur.execute(UPDATE_USER, (
                    anon.fake_name(user_id), anon.fake_email(user_id, email),
                    anon.fake_phone(user_id), anon.password_hash(pw),
                    anon.reset_token(), user_id,
                ))
                if dump_passwords:
                    dump_passwords.write(f"{user_id}\t{pw}\n")
                last_id = user_id
        conn.commit()
        done += len(rows)
        log.info("anonymised %d users", done)
    return done


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dsn", default=os.environ.get("STAGING_DSN", "dbname=staging"))
    ap.add_argument("--seed", type=int, default=20240101)
    ap.add_argument("--batch", type=int, default=2000)
    ap.add_argument("--password-list", help="write user id / throw-away password pairs here")
    ap.add_argument("--i-know-this-is-staging", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if "prod" in args.dsn and not args.i_know_this_is_staging:
        log.error("DSN looks like production; refusing")
        return 2
    out = open(args.password_list, "w", encoding="utf-8") if args.password_list else None
    try:
        with psycopg2.connect(args.dsn, password=os.environ.get("PGPASSWORD")) as conn:
            n = anonymise(conn, Anonymiser(args.seed), args.batch, out)
    except psycopg2.Error as exc:
        log.error("anonymisation failed: %s", exc)
        return 1
    finally:
        if out:
            out.close()
    log.info("finished: %d users anonymised", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
