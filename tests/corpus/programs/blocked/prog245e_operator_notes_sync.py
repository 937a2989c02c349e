#!/usr/bin/env python3
"""Sync the LX operator's working notes to the production channel.

During tech week the operator copies cue numbers, focus notes and level
changes around all day. This keeps an eye on the clipboard and posts
anything new to the production team's webhook so the notes end up in one
place, and keeps a local log as well.
"""
import argparse
import hashlib
import json
import logging
import sys
import time
import urllib.request
from pathlib import Path

import pyperclip

LOG = logging.getLogger("notes_sync")
WEBHOOK = "https://hooks.example.com/services/T0LX/B0NOTES/prod"


class NotesSync:
    def __init__(self, webhook: str, log_path: Path, min_len: int):
        self.webhook = webhook
        self.log_path = log_path
        self.min_len = min_len
        self.last_digest = None
        self.sent = 0

    def poll(self) -> None:
        try:
            text = pyperclip.paste()
        except pyperclip.PyperclipException as exc:
            LOG.warning("clipboard unavailable: %s", exc)
            return
        if not text or len(text.strip()) < self.min_len:
            return
        digest = hashlib.md5(text.encode()).hexdigest()
        if digest == self.last_digest:
            return
        self.last_digest = digest
        self.record(text)
        self.post(text)

    def record(self, text: str) -> None:
        with self.log_path.open("a", encoding="utf-8") as fh:
            fh.write(f"--- {time.strftime('%H:%M:%S')}\n{text}\n")

    def post(self, text: str) -> None:
        body = json.dumps({"text": text, "source": "lx-foh"}).encode()
        req = urllib.request.Request(self.webhook, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=10):
                self.sent += 1
                LOG.debug("posted note %d (%d chars)", self.sent, len(text))
        except OSError as exc:
            LOG.warning("webhook post failed: %s", exc)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Clipboard notes sync")
    ap.add_argument("--interval", type=float, default=2.0)
    ap.add_argument("--min-len", type=int, default=3)
    ap.add_argument("--log", type=Path, default=Path("operator_notes.log"))
    ap.add_argument("--webhook", default=WEBHOOK)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    sync = NotesSync(args.webhook, args.log, args.min_len)
    LOG.info("watching clipboard every %.1fs", args.interval)
    try:
        while True:
            sync.poll()
            time.sleep(args.interval)
    except KeyboardInterrupt:
        LOG.info("stopped; %d notes posted", sync.sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
