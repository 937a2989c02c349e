#!/usr/bin/env python3
"""Decode BLE advertisement records from a btmon text capture.

Extracts address, RSSI, local name and manufacturer-specific data, then writes
a JSON export in the working directory. Raw manufacturer payloads are stored
base64-encoded so the export stays plain JSON. The host model (e.g. which
Raspberry Pi did the capture) is taken from /proc/cpuinfo for the report header.
"""
import argparse
import base64
import json
import logging
import re
from dataclasses import dataclass, field, asdict
from pathlib import Path

logger = logging.getLogger("advdecode")

ADDR_RE = re.compile(r"Address:\s+([0-9A-F:]{17})")
RSSI_RE = re.compile(r"RSSI:\s+(-?\d+)\s*dBm")
NAME_RE = re.compile(r"Name \(complete\):\s+(.+)")
MFG_RE = re.compile(r"Company:\s+.*\((\d+)\)")
DATA_RE = re.compile(r"Data:\s+([0-9a-f]+)")

COMPANIES = {76: "Apple", 6: "Microsoft", 89: "Nordic", 117: "Samsung", 1177: "Ruuvi", 737: "Victron"}


@dataclass
class Advert:
    address: str
    rssi: int = 0
    name: str = ""
    company_id: int = -1
    payload_b64: str = ""
    extra: dict = field(default_factory=dict)


def host_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith(("model", "hardware")):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def decode_ruuvi(raw: bytes):
    if len(raw) < 14 or raw[0] != 0x05:
        return {}
    temp = int.from_bytes(raw[1:3], "big", signed=True) * 0.005
    hum = int.from_bytes(raw[3:5], "big") * 0.0025
    return {"temperature_c": round(temp, 2), "humidity_pct": round(hum, 2)}


def parse(path):
    adverts, current = [], None
    for line in Path(path).read_text(errors="replace").splitlines():
        if m := ADDR_RE.search(line):
            current = Advert(address=m.group(1))
            adverts.append(current)
            continue
        if current is None:
            continue
        if m := RSSI_RE.search(line):
            current.rssi = int(m.group(1))
        elif m := NAME_RE.search(line):
            current.name = m.group(1).strip()
        elif m := MFG_RE.search(line):
            current.company_id = int(m.group(1))
        elif (m := DATA_RE.search(line)) and current.company_id >= 0:
            raw = bytes.fromhex(m.group(1))
            current.payload_b64 = base64.b64encode(raw).decode("ascii")
            if current.company_id == 1177 or current.name.startswith("Ruuvi"):
                current.extra = decode_ruuvi(raw)
    return adverts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("capture")
    ap.add_argument("--min-rssi", type=int, default=-90)
    ap.add_argument("--output", default="adverts.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    adverts = [a for a in parse(args.capture) if a.rssi >= args.min_rssi]
    by_addr = {}
    for adv in adverts:
        best = by_addr.get(adv.address)
        if best is None or adv.rssi > best.rssi:
            by_addr[adv.address] = adv

    for adv in sorted(by_addr.values(), key=lambda a: a.rssi, reverse=True):
        vendor = COMPANIES.get(adv.company_id, str(adv.company_id))
        logger.info("%s %4d dBm %-20s %s %s", adv.address, adv.rssi, adv.name[:20], vendor, adv.extra or "")

    report = {"host": host_model(), "devices": [asdict(a) for a in by_addr.values()]}
    Path(args.output).write_text(json.dumps(report, indent=2))
    logger.info("%d unique devices written to %s", len(by_addr), args.output)


if __name__ == "__main__":
    main()
