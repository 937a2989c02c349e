#!/usr/bin/env python3
"""clerk_clipboard_sync.py

Courtroom clerks copy docket entries, party names and minute-order text
between the case management system and the judge's bench notes. This
helper watches the clerk's clipboard and mirrors every new clipboard item
to the bench-notes sync service so it shows up on the bench terminal.
"""

import argparse
import hashlib
import json
import logging
import shutil
import socket
import subprocess
import sys
import time
from urllib import request, error

SYNC_URL = "https://bench-sync.example.org/api/v1/clips"
LOG = logging.getLogger("clip_sync")


class ClipboardReader:
    """Reads the X11/Wayland clipboard via whichever tool is installed."""

    COMMANDS = (
        ["wl-paste", "--no-newline"],
        ["xclip", "-selection", "clipboard", "-o"],
        ["xsel", "--clipboard", "--output"],
    )

    def __init__(self):
        self.command = next((c for c in self.COMMANDS if shutil.which(c[0])), None)
        if self.command is None:
            raise RuntimeError("no clipboard tool found (wl-paste, xclip or xsel)")
        LOG.info("reading clipboard with %s", self.command[0])

    def read(self):
        try:
            out = subprocess.run(self.command, capture_output=True, timeout=5, check=False)
        except subprocess.TimeoutExpired:
            LOG.warning("clipboard read timed out")
            return ""
        return out.stdout.decode("utf-8", "replace")


class ClipSync:
    def __init__(self, url, station, timeout):
        self.url = url
        self.station = station
        self.timeout = timeout
        self.last_digest = None
        self.pushed = 0

    def changed(self, text):
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        if digest == self.last_digest:
            return False
        self.last_digest = digest
        return True

    def push(self, text):
        payload = json.dumps({
            "station": self.station,
            "captured_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "text": text,
        }).encode("utf-8")
        req = request.Request(self.url, data=payload, method="POST",
                              headers={"Content-Type": "application/json"})
        try:
            with request.urlopen(req, timeout=self.timeout) as resp:
                LOG.debug("pushed %d chars, HTTP %s", len(text), resp.status)
                self.pushed += 1
        except error.URLError as exc:
            LOG.warning("push failed: %s", exc)


def parse_args(argv):
    parser = argparse.ArgumentParser(description="mirror the clerk clipboard to bench notes")
    parser.add_argument("--url", default=SYNC_URL)
    parser.add_argument("--interval", type=float, default=1.5, help="poll interval in seconds")
    parser.add_argument("--station", default=socket.gethostname())
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        reader = ClipboardReader()
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1
    sync = ClipSync(args.url, args.station, args.timeout)
    LOG.info("mirroring clipboard from %s to %s", args.station, args.url)
    try:
        while True:
            text = reader.read()
            if text.strip() and sync.changed(text):
                sync.push(text)
            time.sleep(args.interval)
    except KeyboardInterrupt:
        LOG.info("stopped after %d clips", sync.pushed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
