#!/usr/bin/env python3
"""Channel-points style loyalty bot for our Twitch community streams.

Viewers earn points for chatting; mods can grant points. Commands:

    !points [user]        show a balance
    !top                  top five viewers
    !give <user> <n>      (mods only) grant points

Configuration comes from the environment:
    TWITCH_BOT_NICK, TWITCH_OAUTH_TOKEN (oauth:...), TWITCH_CHANNEL
"""

import asyncio
import logging
import os
import re
import sqlite3
import ssl
import sys
import time

log = logging.getLogger("loyalty")

IRC_HOST = "irc.chat.twitch.tv"
IRC_PORT = 6697
DB_PATH = os.environ.get("LOYALTY_DB", "loyalty.sqlite3")
EARN_PER_MESSAGE = 2
EARN_COOLDOWN = 60

PRIVMSG = re.compile(r"^(?:@(?P<tags>\S+) )?:(?P<nick>[^!]+)!\S+ PRIVMSG #(?P<chan>\S+) :(?P<text>.*)$")


class PointsStore:
    def __init__(self, path: str):
        self.db = sqlite3.connect(path)
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS viewers (name TEXT PRIMARY KEY, points INTEGER, last_seen REAL)"
        )
        self.db.commit()

    def balance(self, name: str) -> int:
        row = self.db.execute(f"SELECT points FROM viewers WHERE name = '{name.lower()}'").fetchone()
        return row[0] if row else 0

    def add(self, name: str, amount: int, now: float = None) -> None:
        now = now or time.time()
        name = name.lower()
        self.db.execute(
            f"INSERT INTO viewers (name, points, last_seen) VALUES ('{name}', {amount}, {now}) "
            f"ON CONFLICT(name) DO UPDATE SET points = points + {amount}, last_seen = {now}"
        )
        self.db.commit()

    def last_seen(self, name: str) -> float:
        row = self.db.execute(f"SELECT last_seen FROM viewers WHERE name = '{name.lower()}'").fetchone()
        return row[0] if row else 0.0

    def top(self, n: int = 5) -> list:
        return self.db.execute("SELECT name, points FROM viewers ORDER BY points DESC LIMIT ?", (n,)).fetchall()


class LoyaltyBot:
    def __init__(self, nick: str, token: str, channel: str, store: PointsStore):
        self.nick = nick
        self.token = token
        self.channel = channel.lstrip("#").lower()
        self.store = store
        self.writer = None

    async def send(self, line: str) -> None:
        self.writer.write((line + "\r\n").encode())
        await self.writer.drain()

    async def say(self, text: str) -> None:
        await self.send(f"PRIVMSG #{self.channel} :{text}")

    async def handle(self, tags: str, nick: str, text: str) -> None:
        is_mod = "mod=1" in (tags or "") or nick.lower() == self.channel
        if time.time() - self.store.last_seen(nick) > EARN_COOLDOWN:
            self.store.add(nick, EARN_PER_MESSAGE)

        parts = text.strip().split()
        if not parts or not parts[0].startswith("!"):
            return
        cmd, args = parts[0].lower(), parts[1:]
        if cmd == "!points":
            who = args[0].lstrip("@") if args else nick
            await self.say(f"{who} has {self.store.balance(who)} points")
        elif cmd == "!top":
            board = ", ".join(f"{n} ({p})" for n, p in self.store.top())
            await self.say(f"Top viewers: {board}")
        elif cmd == "!give" and is_mod and len(args) == 2 and args[1].isdigit():
            self.store.add(args[0].lstrip("@"), int(args[1]))
            await self.say(f"gave {args[1]} points to {args[0]}")

    async def run(self) -> None:
        ctx = ssl.create_default_context()
        reader, self.writer = await asyncio.open_connection(IRC_HOST, IRC_PORT, ssl=ctx)
        await self.send(f"PASS {self.token}")
        await self.send(f"NICK {self.nick}")
        await self.send("CAP REQ :twitch.tv/tags twitch.tv/commands")
        await self.send(f"JOIN #{self.channel}")
        log.info("joined #%s as %s", self.channel, self.nick)
        while True:
            raw = await reader.readline()
            if not raw:
                raise ConnectionError("server closed the connection")
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            if line.startswith("PING"):
                await self.send("PONG" + line[4:])
                continue
            m = PRIVMSG.match(line)
            if m:
                try:
                    await self.handle(m["tags"], m["nick"], m["text"])
                except sqlite3.Error as exc:
                    log.error("db error handling %r: %s", m["text"], exc)


async def main() -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        nick = os.environ["TWITCH_BOT_NICK"]
        token = os.environ["TWITCH_OAUTH_TOKEN"]
        channel = os.environ["TWITCH_CHANNEL"]
    except KeyError as exc:
        log.error("missing environment variable %s", exc)
        return 2
    bot = LoyaltyBot(nick, token, channel, PointsStore(DB_PATH))
    delay = 5
    while True:
        try:
            await bot.run()
        except (OSError, ConnectionError) as exc:
            log.warning("disconnected: %s; reconnecting in %ds", exc, delay)
            await asyncio.sleep(delay)
            delay = min(delay * 2, 120)


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
