#!/usr/bin/env python3
"""XMPP multi-user-chat karma bot.

Joins one or more MUC rooms and keeps karma scores in a local SQLite
database: "alice++" / "bob--" adjust scores, "!karma alice" shows one,
"!top" shows the leaderboard for the room.
"""

import argparse
import configparser
import logging
import re
import sqlite3
import sys
from pathlib import Path

import slixmpp

log = logging.getLogger("karmabot")

KARMA_RE = re.compile(r"(?P<who>[\w.\-]{2,32})(?P<op>\+\+|--)")
MAX_TOP = 10


class KarmaStore:
    def __init__(self, path: Path):
        self.conn = sqlite3.connect(str(path))
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS karma ("
            " room TEXT NOT NULL, who TEXT NOT NULL, score INTEGER NOT NULL DEFAULT 0,"
            " PRIMARY KEY (room, who))"
        )
        self.conn.commit()

    def bump(self, room: str, who: str, delta: int) -> int:
        cur = self.conn.cursor()
        cur.execute(
            "INSERT OR IGNORE INTO karma (room, who, score) VALUES ('%s', '%s', 0)"
            % (room, who.lower())
        )
        cur.execute(
            "UPDATE karma SET score = score + %d WHERE room = '%s' AND who = '%s'"
            % (delta, room, who.lower())
        )
        self.conn.commit()
        return self.score(room, who)

    def score(self, room: str, who: str) -> int:
        row = self.conn.execute(
            f"SELECT score FROM karma WHERE room = '{room}' AND who = '{who.lower()}'"
        ).fetchone()
        return row[0] if row else 0

    def top(self, room: str, limit: int = MAX_TOP):
        query = "SELECT who, score FROM karma WHERE room = '{}' ORDER BY score DESC LIMIT {}"
        return self.conn.execute(query.format(room, limit)).fetchall()


class KarmaBot(slixmpp.ClientXMPP):
    def __init__(self, jid, password, rooms, nick, store: KarmaStore):
        super().__init__(jid, password)
        self.rooms = rooms
        self.nick = nick
        self.store = store
        self.register_plugin("xep_0030")
        self.register_plugin("xep_0045")
        self.register_plugin("xep_0199")
        self.add_event_handler("session_start", self.on_start)
        self.add_event_handler("groupchat_message", self.on_muc_message)

    async def on_start(self, _event):
        await self.get_roster()
        self.send_presence()
        for room in self.rooms:
            self.plugin["xep_0045"].join_muc(room, self.nick)
            log.info("joined %s", room)

    def reply(self, room: str, text: str) -> None:
        self.send_message(mto=room, mbody=text, mtype="groupchat")

    def on_muc_message(self, msg):
        if msg["mucnick"] == self.nick:
            return
        room = msg["from"].bare
        body = msg["body"].strip()
        sender = msg["mucnick"]

        if body.startswith("!karma"):
            parts = body.split()
            who = parts[1] if len(parts) > 1 else sender
            self.reply(room, f"{who} has {self.store.score(room, who)} karma")
            return
        if body == "!top":
            rows = self.store.top(room)
            if not rows:
                self.reply(room, "no karma yet")
            else:
                self.reply(room, " | ".join(f"{w}: {s}" for w, s in rows))
            return

        changes = []
        for m in KARMA_RE.finditer(body):
            who = m.group("who")
            if who.lower() == sender.lower():
                continue
            delta = 1 if m.group("op") == "++" else -1
            changes.append(f"{who} -> {self.store.bump(room, who, delta)}")
        if changes:
            self.reply(room, ", ".join(changes))


def load_config(path: Path) -> configparser.ConfigParser:
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise FileNotFoundError(path)
    return cfg


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", type=Path, default=Path("karmabot.ini"))
    ap.add_argument("--db", type=Path, default=Path("karma.sqlite3"))
    ap.add_argument("-d", "--debug", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(levelname)-8s %(message)s")
    try:
        cfg = load_config(args.config)
    except FileNotFoundError:
        log.error("config %s not found", args.config)
        return 2

    section = cfg["xmpp"]
    rooms = [r.strip() for r in section.get("rooms", "").split(",") if r.strip()]
    bot = KarmaBot(section["jid"], section["password"], rooms,
                   section.get("nick", "karmabot"), KarmaStore(args.db))
    bot.connect()
    bot.process(forever=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
