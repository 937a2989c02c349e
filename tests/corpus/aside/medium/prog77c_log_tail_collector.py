#!/usr/bin/env python3
"""Log-tail collector.

Follows the service log files matching a glob, batches new lines and ships
them to the log aggregation API.  Read positions are kept per file (inode
and offset) so a restart resumes where it stopped and rotated files are
picked up from the start.
"""
import argparse
import glob
import json
import logging
import os
import pickle
import signal
import socket
import sys
import time

import requests

LOG = logging.getLogger("tailer")

INGEST_URL = os.environ.get("LOG_INGEST_URL", "https://ingest.logpipe.example.com/v1/batches")


class TailState:
    """Per-file read positions, persisted between runs."""

    def __init__(self, path):
        self.path = path
        self.positions = {}

    def load(self):
        try:
            with open(self.path, "rb") as fh:
                self.positions = pickle.load(fh)
            LOG.info("resumed %d file positions", len(self.positions))
        except FileNotFoundError:
            self.positions = {}
        except (pickle.UnpicklingError, EOFError) as exc:
            LOG.warning("state file unreadable (%s); starting fresh", exc)
            self.positions = {}

    def save(self):
        tmp = self.path + ".new"
        with open(tmp, "wb") as fh:
            pickle.dump(self.positions, fh)
        os.replace(tmp, self.path)

    def offset_for(self, path, inode):
        known = self.positions.get(path)
        if known and known[0] == inode:
            return known[1]
        return 0

    def update(self, path, inode, offset):
        self.positions[path] = (inode, offset)


def read_new_lines(state, pattern, max_lines):
    for path in sorted(glob.glob(pattern)):
        try:
            st = os.stat(path)
        except FileNotFoundError:
            continue
        offset = state.offset_for(path, st.st_ino)
        if st.st_size < offset:
            offset = 0  # truncated in place
        with open(path, "rb") as fh:
            fh.seek(offset)
            count = 0
            for raw in fh:
                if not raw.endswith(b"\n"):
                    break
                offset += len(raw)
                count += 1
                yield path, raw.decode("utf-8", "replace").rstrip("\n")
                if count >= max_lines:
                    break
        state.update(path, st.st_ino, offset)


def ship(session, batch, retries=4):
    body = {"host": socket.gethostname(), "sent_at": time.time(), "lines": batch}
    for attempt in range(1, retries + 1):
        try:
            resp = session.post(INGEST_URL, json=body, timeout=10)
            if resp.status_code < 300:
                return True
            LOG.warning("ingest answered %s", resp.status_code)
        except requests.RequestException as exc:
            LOG.warning("ship attempt %d failed: %s", attempt, exc)
        time.sleep(min(30, 2 ** attempt))
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--glob", default="logs/*.log")
    ap.add_argument("--state", default=".tail-state.pkl")
    ap.add_argument("--batch", type=int, default=500)
    ap.add_argument("--interval", type=float, default=2.0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("LOGPIPE_API_KEY")
    if not api_key:
        LOG.error("LOGPIPE_API_KEY is not set")
        return 2
    session = requests.Session()
    session.headers.update({"X-Api-Key": api_key})

    state = TailState(args.state)
    state.load()
    running = True

    def _stop(signum, _frame):
        nonlocal running
        LOG.info("signal %d, flushing", signum)
        running = False

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)

    while running:
        batch = [{"file": p, "line": line} for p, line in read_new_lines(state, args.glob, args.batch)]
        if batch:
            if ship(session, batch):
                state.save()
                LOG.info("shipped %d lines", len(batch))
            else:
                LOG.error("could not ship batch; will retry from saved positions")
                state.load()
        time.sleep(args.interval)
    state.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
