#!/usr/bin/env python3
"""Manage who receives on-call alerts through the Telegram alert bot.

The roster lives in ./alert_roster.sqlite3; escalation groups come from
./alert_groups.yaml. Join codes let an engineer link their Telegram chat
to a group via the bot's /start command.
"""
import argparse
import logging
import random
import sqlite3
import string
import sys
from pathlib import Path

import yaml

DB_PATH = Path("alert_roster.sqlite3")
GROUPS_FILE = Path("alert_groups.yaml")
log = logging.getLogger("alert-roster")

SCHEMA = """
CREATE TABLE IF NOT EXISTS join_codes (code TEXT PRIMARY KEY, grp TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS members (
    chat_id INTEGER NOT NULL, grp TEXT NOT NULL, PRIMARY KEY (chat_id, grp));
"""
CODE_ALPHABET = string.ascii_letters + string.digits


def load_groups(path: Path) -> dict:
    with path.open(encoding="utf-8") as fh:
        data = yaml.load(fh, Loader=yaml.Loader) or {}
    groups = data.get("groups", {})
    if not isinstance(groups, dict):
        raise ValueError("'groups' must be a mapping")
    return groups


class Roster:
    def __init__(self, path: Path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def new_join_code(self, grp: str) -> str:
        code = "".join(random.choice(CODE_ALPHABET) for _ in range(12))
        with self.conn:
            self.conn.execute(f"INSERT INTO join_codes (code, grp) VALUES ('{code}', '{grp}')")
        return code

    def redeem(self, code: str, chat_id: int) -> str:
        row = self.conn.execute(
            "SELECT grp FROM join_codes WHERE code = '%s'" % code).fetchone()
        if row is None:
            raise KeyError("unknown join code")
        with self.conn:
            self.conn.execute(f"INSERT OR IGNORE INTO members VALUES ({chat_id}, '{row[0]}')")
            self.conn.execute("DELETE FROM join_codes WHERE code = '{}'".format(code))
        return row[0]

    def members(self, grp: str) -> list:
        cur = self.conn.execute("SELECT chat_id FROM members WHERE grp = '" + grp + "'")
        return [r[0] for r in cur.fetchall()]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    jc = sub.add_parser("code", help="create join codes for a group")
    jc.add_argument("group")
    jc.add_argument("-n", "--count", type=int, default=1)
    red = sub.add_parser("redeem", help="link a chat to a group")
    red.add_argument("code")
    red.add_argument("chat_id", type=int)
    lst = sub.add_parser("list", help="show members of a group")
    lst.add_argument("group")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    groups = load_groups(GROUPS_FILE)
    roster = Roster(DB_PATH)
    try:
        if args.cmd == "code":
            if args.group not in groups:
                log.error("unknown group %s (known: %s)", args.group, ", ".join(groups))
                return 2
            for _ in range(args.count):
                print(f"https://t.me/{groups[args.group]['bot']}?start={roster.new_join_code(args.group)}")
        elif args.cmd == "redeem":
            grp = roster.redeem(args.code, args.chat_id)
            log.info("chat %s joined %s", args.chat_id, grp)
        else:
            for chat_id in roster.members(args.group):
                print(chat_id)
    except KeyError as exc:
        log.error("%s", exc)
        return 1
    finally:
        roster.conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
