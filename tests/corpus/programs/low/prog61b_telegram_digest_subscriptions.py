#!/usr/bin/env python3
"""Manage who receives the daily Telegram digest.

Subscriptions live in ./digest.sqlite3; the list of topics comes from
./digest_topics.yaml. Invite codes let a new member link their Telegram chat
to a topic via the bot's /join command.
"""
import argparse
import logging
import secrets
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

import yaml

DB_PATH = Path("digest.sqlite3")
TOPICS_FILE = Path("digest_topics.yaml")
log = logging.getLogger("digest-subs")

SCHEMA = """
CREATE TABLE IF NOT EXISTS invites (code TEXT PRIMARY KEY, topic TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS subscribers (
    chat_id INTEGER NOT NULL, topic TEXT NOT NULL, PRIMARY KEY (chat_id, topic));
"""


def load_topics(path: Path) -> dict:
    with path.open(encoding="utf-8") as fh:
        data = yaml.safe_load(fh) or {}
    topics = data.get("topics", {})
    if not isinstance(topics, dict):
        raise ValueError("'topics' must be a mapping")
    return topics


class SubscriptionStore:
    def __init__(self, path: Path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def new_invite(self, topic: str) -> str:
        code = secrets.token_urlsafe(9)
        with self.conn:
            self.conn.execute("INSERT INTO invites (code, topic) VALUES (?, ?)", (code, topic))
        return code

    def redeem(self, code: str, chat_id: int) -> str:
        with closing(self.conn.cursor()) as cur:
            cur.execute("SELECT topic FROM invites WHERE code = ?", (code,))
            row = cur.fetchone()
        if row is None:
            raise KeyError("unknown invite code")
        with self.conn:
            self.conn.execute("INSERT OR IGNORE INTO subscribers VALUES (?, ?)", (chat_id, row[0]))
            self.conn.execute("DELETE FROM invites WHERE code = ?", (code,))
        return row[0]

    def subscribers(self, topic: str) -> list:
        cur = self.conn.execute("SELECT chat_id FROM subscribers WHERE topic = ?", (topic,))
        return [r[0] for r in cur.fetchall()]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    inv = sub.add_parser("invite", help="create invite codes for a topic")
    inv.add_argument("topic")
    inv.add_argument("-n", "--count", type=int, default=1)
    red = sub.add_parser("redeem", help="link a chat to a topic")
    red.add_argument("code")
    red.add_argument("chat_id", type=int)
    lst = sub.add_parser("list", help="show subscribers of a topic")
    lst.add_argument("topic")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    topics = load_topics(TOPICS_FILE)
    store = SubscriptionStore(DB_PATH)
    try:
        if args.cmd == "invite":
            if args.topic not in topics:
                log.error("unknown topic %s (known: %s)", args.topic, ", ".join(topics))
                return 2
            for _ in range(args.count):
                print(f"https://t.me/{topics[args.topic]['bot']}?start={store.new_invite(args.topic)}")
        elif args.cmd == "redeem":
            topic = store.redeem(args.code, args.chat_id)
            log.info("chat %s subscribed to %s", args.chat_id, topic)
        else:
            for chat_id in store.subscribers(args.topic):
                print(chat_id)
    except KeyError as exc:
        log.error("%s", exc)
        return 1
    finally:
        store.conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
