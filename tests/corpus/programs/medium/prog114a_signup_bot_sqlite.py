#!/usr/bin/env python3
"""Telegram sign-up bot for station fundraising events.

Supporters message the bot to enter events:

    /events                       list open events
    /signup swim2024 Jo Bloggs    enter an event
    /mine                         show your entries
    /withdraw swim2024            cancel an entry

Entries go into a local SQLite file that the fundraising secretary opens in
DB Browser before each event.  The bot token comes from SIGNUP_BOT_TOKEN.
"""
import argparse
import logging
import os
import sqlite3
import sys
import time

import requests

LOG = logging.getLogger("signup_bot")
API = "https://api.telegram.org/bot{token}/{method}"

SCHEMA = [
    "CREATE TABLE IF NOT EXISTS events (slug TEXT PRIMARY KEY, title TEXT, "
    "event_date TEXT, max_entrants INTEGER, open INTEGER DEFAULT 1)",
    "CREATE TABLE IF NOT EXISTS entrants (id INTEGER PRIMARY KEY AUTOINCREMENT, "
    "slug TEXT, chat_id INTEGER, full_name TEXT, entered_at TEXT)",
]


class EntryBook:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        for stmt in SCHEMA:
            self.db.execute(stmt)
        self.db.commit()

    def _where(self, **conds):
        parts = []
        for col, val in conds.items():
            if isinstance(val, int):
                parts.append("{} = {}".format(col, val))
            else:
                parts.append("{} = '{}'".format(col, val))
        return " WHERE " + " AND ".join(parts) if parts else ""

    def open_events(self):
        sql = "SELECT slug, title, event_date FROM events" + self._where(open=1)
        return self.db.execute(sql + " ORDER BY event_date").fetchall()

    def count(self, slug):
        sql = "SELECT COUNT(*) FROM entrants" + self._where(slug=slug)
        return self.db.execute(sql).fetchone()[0]

    def event(self, slug):
        sql = "SELECT slug, title, max_entrants FROM events" + self._where(slug=slug, open=1)
        return self.db.execute(sql).fetchone()

    def add(self, slug, chat_id, name):
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        values = "'{}', {}, '{}', '{}'".format(slug, chat_id, name, stamp)
        self.db.execute("INSERT INTO entrants (slug, chat_id, full_name, entered_at) "
                        "VALUES (" + values + ")")
        self.db.commit()

    def mine(self, chat_id):
        sql = ("SELECT e.title, n.full_name FROM entrants n JOIN events e ON e.slug = n.slug"
               + self._where(**{"n.chat_id": chat_id}))
        return self.db.execute(sql).fetchall()

    def withdraw(self, slug, chat_id):
        cur = self.db.execute("DELETE FROM entrants" + self._where(slug=slug, chat_id=chat_id))
        self.db.commit()
        return cur.rowcount


def handle(book, chat_id, text):
    parts = text.strip().split(maxsplit=2)
    cmd = parts[0].split("@")[0].lower() if parts else ""
    if cmd in ("/start", "/help"):
        return __doc__.split("\n\n")[1]
    if cmd == "/events":
        rows = book.open_events()
        return "\n".join("{} - {} ({})".format(*r) for r in rows) or "No events open."
    if cmd == "/signup" and len(parts) == 3:
        ev = book.event(parts[1])
        if not ev:
            return "No open event called {}.".format(parts[1])
        if ev[2] and book.count(ev[0]) >= ev[2]:
            return "Sorry, {} is full.".format(ev[1])
        book.add(ev[0], chat_id, parts[2])
        return "Thanks {}, you're entered for {}!".format(parts[2], ev[1])
    if cmd == "/mine":
        rows = book.mine(chat_id)
        return "\n".join("{} ({})".format(*r) for r in rows) or "You have no entries."
    if cmd == "/withdraw" and len(parts) >= 2:
        n = book.withdraw(parts[1], chat_id)
        return "Entry withdrawn." if n else "No entry found."
    return "Sorry, I didn't understand. Try /help."


def poll(token, book, timeout=30):
    session = requests.Session()
    offset = None
    while True:
        try:
            resp = session.get(API.format(token=token, method="getUpdates"),
                               params={"timeout": timeout, "offset": offset},
                               timeout=timeout + 10)
            resp.raise_for_status()
            updates = resp.json().get("result", [])
        except requests.RequestException as exc:
            LOG.warning("getUpdates failed: %s", exc)
            time.sleep(5)
            continue
        for upd in updates:
            offset = upd["update_id"] + 1
            msg = upd.get("message") or {}
            if "text" not in msg:
                continue
            chat_id = msg["chat"]["id"]
            reply = handle(book, chat_id, msg["text"])
            session.post(API.format(token=token, method="sendMessage"),
                         json={"chat_id": chat_id, "text": reply}, timeout=15)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Fundraising event sign-up bot")
    ap.add_argument("--db", default="signups.sqlite3")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    token = os.environ.get("SIGNUP_BOT_TOKEN")
    if not token:
        LOG.error("SIGNUP_BOT_TOKEN not set")
        return 2
    book = EntryBook(args.db)
    LOG.info("bot running with %d open events", len(book.open_events()))
    try:
        poll(token, book)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
