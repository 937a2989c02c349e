#!/usr/bin/env python3
"""Read-only ChatOps bot for the build host.

Long-polls the Telegram Bot API and answers a handful of fixed slash
commands from allow-listed chats.  Every command maps to a fixed argv list;
nothing from the chat message is ever passed to the shell.
"""
import argparse
import logging
import os
import subprocess
import time

import requests

log = logging.getLogger("buildhost-bot")

COMMANDS = {
    "/uptime": ["uptime"],
    "/disk": ["df", "-h", "--output=target,size,used,avail,pcent", "/", "/srv"],
    "/mem": ["free", "-m"],
    "/lastbuild": ["git", "-C", "/srv/builds/main", "log", "-1", "--format=%h %an %ar%n%s"],
    "/queue": ["ls", "-1t", "/srv/builds/queue"],
}
HELP = "Commands: " + ", ".join(sorted(COMMANDS)) + ", /help"


class TelegramBot:
    def __init__(self, token, allowed_chats, timeout=50):
        self.base = f"https://api.telegram.org/bot{token}"
        self.allowed = set(allowed_chats)
        self.timeout = timeout
        self.offset = 0
        self.session = requests.Session()

    def updates(self):
        resp = self.session.get(
            f"{self.base}/getUpdates",
            params={"offset": self.offset, "timeout": self.timeout,
                    "allowed_updates": '["message"]'},
            timeout=self.timeout + 10,
        )
        resp.raise_for_status()
        for upd in resp.json().get("result", []):
            self.offset = upd["update_id"] + 1
            yield upd

    def reply(self, chat_id, text):
        if len(text) > 3900:
            text = text[:3900] + "\n…"
        self.session.post(
            f"{self.base}/sendMessage",
            json={"chat_id": chat_id, "text": text, "disable_web_page_preview": True},
            timeout=15,
        )


def run_fixed(argv):
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=20, check=False)
    except FileNotFoundError:
        return f"{argv[0]}: not installed"
    except subprocess.TimeoutExpired:
        return f"{argv[0]}: timed out"
    out = proc.stdout.strip() or proc.stderr.strip() or "(no output)"
    if proc.returncode:
        out += f"\n[exit {proc.returncode}]"
    return out


def handle(bot, update):
    msg = update.get("message") or {}
    chat_id = msg.get("chat", {}).get("id")
    text = (msg.get("text") or "").strip()
    if not text.startswith("/"):
        return
    if chat_id not in bot.allowed:
        log.warning("ignoring %r from chat %s", text, chat_id)
        return
    command = text.split()[0].split("@")[0].lower()
    if command == "/help":
        bot.reply(chat_id, HELP)
        return
    argv = COMMANDS.get(command)
    if argv is None:
        bot.reply(chat_id, f"unknown command {command}\n{HELP}")
        return
    log.info("chat %s ran %s", chat_id, command)
    bot.reply(chat_id, run_fixed(argv))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--allow", action="append", type=int, default=[],
                    help="chat id allowed to use the bot (repeatable)")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("BUILDHOST_BOT_TOKEN")
    if not token or not args.allow:
        raise SystemExit("need BUILDHOST_BOT_TOKEN and at least one --allow chat id")

    bot = TelegramBot(token, args.allow)
    backoff = 1
    while True:
        try:
            for update in bot.updates():
                handle(bot, update)
            backoff = 1
        except requests.RequestException as exc:
            log.warning("polling failed: %s (retry in %ss)", exc, backoff)
            time.sleep(backoff)
            backoff = min(backoff * 2, 60)
        except KeyboardInterrupt:
            break


if __name__ == "__main__":
    main()
