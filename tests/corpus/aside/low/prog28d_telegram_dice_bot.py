#!/usr/bin/env python3
"""Tiny Telegram bot for our tabletop group.

Commands: /roll 2d6+1, /flip, /pick a b c, /quiz (random trivia from trivia.json).
Long-polls getUpdates; the bot token comes from TELEGRAM_BOT_TOKEN and is only
ever sent to api.telegram.org.
"""
import argparse
import json
import logging
import os
import random
import re
import sys
import time

import requests

API_ROOT = "https://api.telegram.org"
STATE_FILE = "bot_state.json"
DICE_RE = re.compile(r"^(\d{0,2})d(\d{1,3})([+-]\d{1,3})?$")

log = logging.getLogger("dicebot")


class TelegramClient:
    def __init__(self, token, timeout=35):
        self.base = f"{API_ROOT}/bot{token}"
        self.timeout = timeout
        self.http = requests.Session()

    def get_updates(self, offset):
        resp = self.http.get(f"{self.base}/getUpdates",
                             params={"offset": offset, "timeout": 30},
                             timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("result", [])

    def send(self, chat_id, text):
        resp = self.http.post(f"{self.base}/sendMessage",
                              json={"chat_id": chat_id, "text": text},
                              timeout=10)
        if not resp.ok:
            log.warning("sendMessage failed: %s", resp.text[:200])


def roll(spec):
    m = DICE_RE.match(spec.replace(" ", "").lower())
    if not m:
        return "usage: /roll NdM[+K], e.g. /roll 3d6+2"
    count = int(m.group(1) or 1)
    sides = int(m.group(2))
    bonus = int(m.group(3) or 0)
    if not (1 <= count <= 50 and 2 <= sides <= 1000):
        return "that's a lot of dice"
    faces = [random.randint(1, sides) for _ in range(count)]
    total = sum(faces) + bonus
    return f"{faces} {'+' if bonus >= 0 else '-'} {abs(bonus)} = {total}"


def load_trivia(path="trivia.json"):
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return [{"q": "How many sides does a d20 have?", "a": "20"}]


def load_offset():
    try:
        with open(STATE_FILE) as fh:
            return json.load(fh).get("offset", 0)
    except (OSError, ValueError):
        return 0


def save_offset(offset):
    with open(STATE_FILE, "w") as fh:
        json.dump({"offset": offset}, fh)


def handle(client, msg, trivia):
    text = (msg.get("text") or "").strip()
    chat_id = msg["chat"]["id"]
    if not text.startswith("/"):
        return
    cmd, _, rest = text.partition(" ")
    cmd = cmd.split("@")[0]
    if cmd == "/roll":
        client.send(chat_id, roll(rest or "1d20"))
    elif cmd == "/flip":
        client.send(chat_id, random.choice(["heads", "tails"]))
    elif cmd == "/pick":
        options = rest.split()
        client.send(chat_id, random.choice(options) if options else "pick from what?")
    elif cmd == "/quiz":
        item = random.choice(trivia)
        client.send(chat_id, f"{item['q']}\n(answer: ||{item['a']}||)")
    elif cmd == "/help":
        client.send(chat_id, "/roll 2d6, /flip, /pick a b c, /quiz")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--once", action="store_true", help="process one batch and exit")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("TELEGRAM_BOT_TOKEN")
    if not token:
        sys.exit("set TELEGRAM_BOT_TOKEN first")
    client = TelegramClient(token)
    trivia = load_trivia()
    offset = load_offset()

    while True:
        try:
            updates = client.get_updates(offset)
        except requests.RequestException as exc:
            log.error("poll failed: %s; retrying in 5s", exc)
            time.sleep(5)
            continue
        for upd in updates:
            offset = upd["update_id"] + 1
            if "message" in upd:
                handle(client, upd["message"], trivia)
        save_offset(offset)
        if args.once:
            break


if __name__ == "__main__":
    main()
