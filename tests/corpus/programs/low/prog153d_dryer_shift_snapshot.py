#!/usr/bin/env python3
"""Dryer shift snapshot.

Writes a JSON snapshot of the drum dryer's shift readings (inlet and outlet
temperature, drum speed, outlet moisture) together with a description of
the PC that produced it, so the process engineer can compare shifts and
spot a slow logger PC. A small sparkline image is embedded as base64 so the
snapshot stays a single file.
"""
import argparse
import base64
import csv
import json
import logging
import os
import platform
import statistics
import struct
import tempfile
import zlib
from pathlib import Path

log = logging.getLogger("dryer-snapshot")


def host_info():
    info = {"python": platform.python_version(), "machine": platform.machine()}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    info["os"] = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    try:
        with open("/proc/cpuinfo") as fh:
            models = [l.split(":", 1)[1].strip() for l in fh if l.startswith("model name")]
        info["cpu"] = models[0] if models else "unknown"
        info["cores"] = len(models)
    except OSError:
        pass
    return info


def read_readings(path):
    cols = {"inlet_c": [], "outlet_c": [], "drum_rpm": [], "moisture_pct": []}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            for k in cols:
                try:
                    cols[k].append(float(row[k]))
                except (KeyError, ValueError):
                    pass
    return cols


def sparkline_png(values, width=120, height=24):
    """Tiny greyscale PNG of a series; no imaging library on the logger PCs."""
    if not values:
        values = [0.0]
    lo, hi = min(values), max(values)
    span = (hi - lo) or 1.0
    step = max(1, len(values) // width)
    pts = [int((v - lo) / span * (height - 1)) for v in values[::step]][:width]
    rows = b""
    for y in range(height - 1, -1, -1):
        rows += b"\x00" + bytes(0 if x < len(pts) and pts[x] == y else 255 for x in range(width))

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def write_atomic(path: Path, text: str):
    # write to a temp file in the same folder, then move it into place
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".snap-", suffix=".json")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main():
    ap = argparse.ArgumentParser(description="Snapshot a dryer shift")
    ap.add_argument("readings", help="CSV exported from the dryer logger")
    ap.add_argument("--shift", default="A")
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cols = read_readings(args.readings)
    stats = {k: {"mean": round(statistics.fmean(v), 2), "max": max(v), "min": min(v)}
             for k, v in cols.items() if v}
    snapshot = {
        "shift": args.shift,
        "host": host_info(),
        "stats": stats,
        "outlet_sparkline_png": base64.b64encode(sparkline_png(cols["outlet_c"])).decode("ascii"),
    }
    out = Path(args.out or f"dryer_snapshot_{args.shift}.json")
    write_atomic(out, json.dumps(snapshot, indent=2))
    log.info("snapshot written to %s (%d readings)", out, len(cols["outlet_c"]))


if __name__ == "__main__":
    main()
