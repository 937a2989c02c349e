#!/usr/bin/env python3
"""Check the base-station clock against the GPS receiver.

The base station at the rescue post often has no internet, so incident log
timestamps rely on the PC clock.  This reads the time fixes reported by
gpsd, compares them with the system clock, and reports the offset.  It
also writes a chrony snippet (mrt-gps.conf) in the current directory that
the station admin can review and install.
"""

import argparse
import json
import logging
import socket
import statistics
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("gps-time")

GPSD_HOST = "127.0.0.1"
GPSD_PORT = 2947
CHRONY_SNIPPET = """# GPS time source for the MRT base station (generated {when})
refclock SHM 0 refid GPS precision 1e-1 offset {offset:.3f} delay 0.2 noselect
refclock SOCK /run/chrony.{device}.sock refid PPS lock GPS
makestep 1.0 3
"""


class GpsdClient:
    def __init__(self, host: str, port: int, timeout: float = 5.0):
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.buf = b""
        self.sock.sendall(b'?WATCH={"enable":true,"json":true};\n')

    def reports(self):
        while True:
            while b"\n" not in self.buf:
                chunk = self.sock.recv(4096)
                if not chunk:
                    return
                self.buf += chunk
            line, self.buf = self.buf.split(b"\n", 1)
            try:
                yield json.loads(line)
            except ValueError:
                continue

    def close(self):
        try:
            self.sock.sendall(b'?WATCH={"enable":false};\n')
        finally:
            self.sock.close()


def sample_offsets(client: GpsdClient, wanted: int, deadline: float):
    offsets, device = [], None
    for rep in client.reports():
        if time.monotonic() > deadline:
            break
        if rep.get("class") == "DEVICES":
            devs = rep.get("devices") or [{}]
            device = devs[0].get("path", "/dev/ttyACM0").rsplit("/", 1)[-1]
        if rep.get("class") != "TPV" or rep.get("mode", 0) < 2 or "time" not in rep:
            continue
        gps = datetime.strptime(rep["time"][:19], "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc)
        local = datetime.now(timezone.utc)
        offsets.append((local - gps).total_seconds())
        LOG.debug("fix %s offset %+.3f s", rep["time"], offsets[-1])
        if len(offsets) >= wanted:
            break
    return offsets, device or "ttyACM0"


def evaluate(offsets, tolerance: float) -> dict:
    med = statistics.median(offsets)
    spread = max(offsets) - min(offsets)
    return {"samples": len(offsets), "median_offset_s": round(med, 3),
            "spread_s": round(spread, 3), "within_tolerance": abs(med) <= tolerance}


def write_snippet(result: dict, device: str, out: Path) -> Path:
    text = CHRONY_SNIPPET.format(when=datetime.now().isoformat(timespec="seconds"),
                                 offset=result["median_offset_s"], device=device)
    out.write_text(text)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", "--samples", type=int, default=10)
    ap.add_argument("-t", "--tolerance", type=float, default=2.0, help="acceptable offset in seconds")
    ap.add_argument("--wait", type=float, default=60.0, help="max seconds to wait for fixes")
    ap.add_argument("--snippet", type=Path, default=Path("mrt-gps.conf"))
    ap.add_argument("--json", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        client = GpsdClient(GPSD_HOST, GPSD_PORT)
    except OSError as exc:
        LOG.error("gpsd not reachable on %s:%d: %s", GPSD_HOST, GPSD_PORT, exc)
        return 2
    try:
        offsets, device = sample_offsets(client, args.samples, time.monotonic() + args.wait)
    finally:
        client.close()
    if not offsets:
        LOG.error("no GPS time fixes received - is the antenna outside?")
        return 1

    result = evaluate(offsets, args.tolerance)
    if args.json:
        print(json.dumps(result))
    else:
        LOG.info("median offset %+.3f s over %d fixes (spread %.3f s)",
                 result["median_offset_s"], result["samples"], result["spread_s"])
    path = write_snippet(result, device, args.snippet)
    LOG.info("chrony snippet written to %s for review", path)
    if not result["within_tolerance"]:
        LOG.warning("clock is off by more than %.1f s - incident log times will be wrong", args.tolerance)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
