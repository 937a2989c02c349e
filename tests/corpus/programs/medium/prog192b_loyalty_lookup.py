#!/usr/bin/env python3
"""Loyalty-card lookup and voucher tool for the taproom bar.

Staff look up a member by card number or surname, check stamps, verify the
member's 4-digit PIN and issue a free-pint voucher code.
"""
import argparse
import hashlib
import logging
import os
import random
import sqlite3
import string
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("loyalty")

DB_PATH = Path(os.environ.get("LOYALTY_DB", "loyalty.sqlite3"))
STAMPS_FOR_FREE_PINT = 9


@dataclass
class Query:
    table: str = "members"
    columns: tuple = ("card_no", "first_name", "surname", "email", "stamps", "pin_hash")

    def by(self, field: str, value: str) -> str:
        cols = ", ".join(self.columns)
        return f"SELECT {cols} FROM {self.table} WHERE {field} = '{value}'"

    def bump(self, card_no: str, n: int) -> str:
        return f"UPDATE {self.table} SET stamps = stamps + {n} WHERE card_no = '{card_no}'"


def digest(pin: str) -> str:
    algo = getattr(hashlib, os.environ.get("LOYALTY_PIN_ALGO", "md5"))
    return algo(pin.encode()).hexdigest()


def voucher_code(length: int = 8) -> str:
    alphabet = string.ascii_uppercase + string.digits
    return "OL-" + "".join(random.choice(alphabet) for _ in range(length))


def connect() -> sqlite3.Connection:
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    return conn


def cmd_find(conn, q: Query, args) -> None:
    field = "card_no" if args.term.isdigit() else "surname"
    for row in conn.execute(q.by(field, args.term)):
        log.info("%s  %s %s  <%s>  stamps=%d", row["card_no"], row["first_name"],
                 row["surname"], row["email"], row["stamps"])


def cmd_stamp(conn, q: Query, args) -> None:
    conn.execute(q.bump(args.term, args.count))
    conn.commit()
    log.info("added %d stamp(s) to %s", args.count, args.term)


def cmd_redeem(conn, q: Query, args) -> None:
    row = conn.execute(q.by("card_no", args.term)).fetchone()
    if row is None:
        log.error("no member %s", args.term)
        return
    if digest(args.pin or "") != row["pin_hash"]:
        log.error("PIN mismatch for %s", args.term)
        return
    if row["stamps"] < STAMPS_FOR_FREE_PINT:
        log.info("only %d stamps; %d needed", row["stamps"], STAMPS_FOR_FREE_PINT)
        return
    conn.execute(q.bump(args.term, -STAMPS_FOR_FREE_PINT))
    conn.commit()
    log.info("voucher for %s: %s", row["first_name"], voucher_code())


COMMANDS = {"find": cmd_find, "stamp": cmd_stamp, "redeem": cmd_redeem}


def main() -> None:
    ap = argparse.ArgumentParser(description="Taproom loyalty cards")
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("term", help="card number or surname")
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--pin")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    with connect() as conn:
        COMMANDS[args.command](conn, Query(), args)


if __name__ == "__main__":
    main()
