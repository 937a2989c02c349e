#!/usr/bin/env python3
"""Decode candump-style text logs (``(ts) can0 123#DEADBEEF``) into CSV/JSON.

Used after bench tests of the drivetrain ECU: the raw log is copied into the
project folder and this tool splits it per arbitration id, computes bus load
and writes a compact summary next to it.
"""
import argparse
import base64
import csv
import json
import logging
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("candecode")
LINE_RE = re.compile(r"^\((?P<ts>\d+\.\d+)\)\s+(?P<iface>\w+)\s+(?P<id>[0-9A-Fa-f]{3,8})#(?P<data>[0-9A-Fa-f]*)$")
BITS_PER_FRAME_OVERHEAD = 47  # standard 11-bit frame, without stuffing


@dataclass
class IdStats:
    count: int = 0
    first_ts: float = 0.0
    last_ts: float = 0.0
    payload_bytes: int = 0
    samples: list = field(default_factory=list)

    def add(self, ts, data):
        if self.count == 0:
            self.first_ts = ts
        self.count += 1
        self.last_ts = ts
        self.payload_bytes += len(data)
        if len(self.samples) < 3:
            # keep a couple of raw frames for the report, base64 so JSON stays clean
            self.samples.append(base64.b64encode(data).decode("ascii"))

    @property
    def period_ms(self):
        if self.count < 2:
            return None
        return (self.last_ts - self.first_ts) / (self.count - 1) * 1000.0


def parse_log(path):
    stats = defaultdict(IdStats)
    bad = 0
    with path.open("r", encoding="utf-8", errors="replace") as fh:
        for lineno, raw in enumerate(fh, 1):
            m = LINE_RE.match(raw.strip())
            if not m:
                bad += 1
                LOG.debug("skipping line %d: %r", lineno, raw[:60])
                continue
            data = bytes.fromhex(m["data"]) if m["data"] else b""
            stats[int(m["id"], 16)].add(float(m["ts"]), data)
    if bad:
        LOG.warning("%d unparsable lines in %s", bad, path.name)
    return stats


def bus_load(stats, bitrate):
    if not stats:
        return 0.0
    start = min(s.first_ts for s in stats.values())
    end = max(s.last_ts for s in stats.values())
    duration = max(end - start, 1e-6)
    bits = sum(s.count * BITS_PER_FRAME_OVERHEAD + s.payload_bytes * 8 for s in stats.values())
    return 100.0 * bits / (bitrate * duration)


def write_outputs(stats, out_dir, stem, bitrate):
    out_dir.mkdir(parents=True, exist_ok=True)
    csv_path = out_dir / f"{stem}_ids.csv"
    with csv_path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["arb_id", "count", "period_ms", "payload_bytes"])
        for arb_id in sorted(stats):
            s = stats[arb_id]
            period = f"{s.period_ms:.2f}" if s.period_ms is not None else ""
            w.writerow([f"0x{arb_id:03X}", s.count, period, s.payload_bytes])
    summary = {
        "source": stem,
        "bitrate": bitrate,
        "bus_load_pct": round(bus_load(stats, bitrate), 2),
        "ids": {f"0x{k:03X}": v.samples for k, v in sorted(stats.items())},
    }
    json_path = out_dir / f"{stem}_summary.json"
    json_path.write_text(json.dumps(summary, indent=2))
    return csv_path, json_path


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("logs", nargs="+", type=Path, help="candump -L text logs")
    ap.add_argument("--bitrate", type=int, default=500_000)
    ap.add_argument("--out", type=Path, default=Path("decoded"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    for log_path in args.logs:
        if not log_path.is_file():
            LOG.error("missing log %s", log_path)
            continue
        stats = parse_log(log_path)
        csv_path, json_path = write_outputs(stats, args.out, log_path.stem, args.bitrate)
        LOG.info("%s: %d ids -> %s, %s", log_path.name, len(stats), csv_path, json_path)


if __name__ == "__main__":
    main()
