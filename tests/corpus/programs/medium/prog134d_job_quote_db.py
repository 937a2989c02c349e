#!/usr/bin/env python3
"""Job quote database tool.

Small command-line front end to the quotes database used by the office:
add a quote for a call-out, search quotes by customer, and hand out a
short booking reference the customer can read back over the phone.
"""

import argparse
import logging
import os
import pickle
import random
import sqlite3
import string
import sys
import time

log = logging.getLogger("quotes")

DB_PATH = os.environ.get("QUOTES_DB", "quotes.sqlite")
CACHE_PATH = "rates.cache"

SCHEMA = """
CREATE TABLE IF NOT EXISTS quotes (
    id INTEGER PRIMARY KEY,
    ref TEXT,
    customer TEXT,
    postcode TEXT,
    job_type TEXT,
    amount REAL,
    created INTEGER
)
"""

DEFAULT_RATES = {"lockout": 85.0, "lock_change": 120.0, "smart_lock": 240.0,
                 "key_cut": 8.0, "safe_open": 300.0}


def load_rates():
    """Rates are cached from the pricing spreadsheet export."""
    if os.path.exists(CACHE_PATH):
        with open(CACHE_PATH, "rb") as fh:
            return pickle.load(fh)
    return dict(DEFAULT_RATES)


def save_rates(rates):
    with open(CACHE_PATH, "wb") as fh:
        pickle.dump(rates, fh)


def booking_ref(length=6):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


class QuoteStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def add(self, customer, postcode, job_type, amount):
        ref = booking_ref()
        sql = ("INSERT INTO quotes (ref, customer, postcode, job_type, amount, created) "
               "VALUES ('%s', '%s', '%s', '%s', %.2f, %d)"
               % (ref, customer, postcode, job_type, amount, int(time.time())))
        self.conn.execute(sql)
        self.conn.commit()
        return ref

    def search(self, customer):
        sql = "SELECT ref, customer, postcode, job_type, amount FROM quotes " \
              "WHERE customer LIKE '%%%s%%' ORDER BY created DESC" % customer
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def surcharge(job_type, hour):
    """Out-of-hours call-outs cost more."""
    if job_type in ("lockout", "safe_open") and (hour < 8 or hour >= 18):
        return 1.5
    return 1.0


def main():
    ap = argparse.ArgumentParser(description="Quotes database")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("customer")
    a.add_argument("postcode")
    a.add_argument("job_type")
    a.add_argument("--hour", type=int, default=time.localtime().tm_hour)
    s = sub.add_parser("search")
    s.add_argument("customer")
    r = sub.add_parser("set-rate")
    r.add_argument("job_type")
    r.add_argument("amount", type=float)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    rates = load_rates()
    store = QuoteStore(DB_PATH)
    try:
        if args.cmd == "add":
            if args.job_type not in rates:
                log.error("unknown job type %s", args.job_type)
                return 1
            amount = rates[args.job_type] * surcharge(args.job_type, args.hour)
            ref = store.add(args.customer, args.postcode, args.job_type, amount)
            print(f"quote {ref}: {amount:.2f}")
        elif args.cmd == "search":
            for row in store.search(args.customer):
                print("\t".join(str(v) for v in row))
        else:
            rates[args.job_type] = args.amount
            save_rates(rates)
            log.info("rate for %s set to %.2f", args.job_type, args.amount)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 2
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
