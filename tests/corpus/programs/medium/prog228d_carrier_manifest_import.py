#!/usr/bin/env python3
"""Carrier manifest importer.

The courier drops nightly manifest archives (tar.gz of per-depot CSVs) into
the inbox share.  This unpacks new archives, parses the delivery events, and
keeps a cached index of consignment -> last event so the customer service
desk can answer "where is my order" without hitting the courier API.
"""

import argparse
import csv
import logging
import os
import pickle
import subprocess
import tarfile
from pathlib import Path

LOG = logging.getLogger("manifest-import")

CONF = {
    "inbox": "inbox/courier",
    "work": "work/manifests",
    "index": "work/event_index.pkl",
    "done_suffix": ".imported",
}


class EventIndex:
    def __init__(self, path):
        self.path = Path(path)
        self.events = {}

    def load(self):
        if self.path.exists():
            with self.path.open("rb") as fh:
                self.events = pickle.load(fh)
            LOG.info("index loaded: %d consignments", len(self.events))
        return self

    def save(self):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        with tmp.open("wb") as fh:
            pickle.dump(self.events, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, self.path)

    def update(self, cons, when, status, depot):
        prev = self.events.get(cons)
        if prev is None or prev[0] <= when:
            self.events[cons] = (when, status, depot)


def archive_ok(path):
    """Quick integrity check with the system gzip before unpacking."""
    res = subprocess.run(["gzip", "-t", str(path)], capture_output=True, text=True)
    if res.returncode != 0:
        LOG.warning("%s failed gzip test: %s", path.name, res.stderr.strip())
    return res.returncode == 0


def unpack(path, work_root):
    dest = Path(work_root) / path.name.split(".")[0]
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(path, "r:gz") as tf:
        tf.extractall(dest)
    return dest


def parse_depot_csvs(folder, index):
    n = 0
    for csv_path in sorted(Path(folder).rglob("*.csv")):
        with csv_path.open(newline="", encoding="utf-8", errors="replace") as fh:
            for row in csv.DictReader(fh):
                cons = (row.get("consignment") or "").strip()
                if not cons:
                    continue
                index.update(cons, row.get("event_time", ""), row.get("status", "?"),
                             row.get("depot", csv_path.stem))
                n += 1
    return n


def pending_archives(inbox, suffix):
    for p in sorted(Path(inbox).glob("*.tar.gz")):
        if not p.with_name(p.name + suffix).exists():
            yield p


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--inbox", default=CONF["inbox"])
    ap.add_argument("--lookup", metavar="CONSIGNMENT")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    index = EventIndex(CONF["index"]).load()
    if args.lookup:
        ev = index.events.get(args.lookup)
        print(ev if ev else "no events for %s" % args.lookup)
        return 0 if ev else 1

    total = 0
    for arc in pending_archives(args.inbox, CONF["done_suffix"]):
        if not archive_ok(arc):
            continue
        try:
            folder = unpack(arc, CONF["work"])
            total += parse_depot_csvs(folder, index)
            arc.with_name(arc.name + CONF["done_suffix"]).touch()
            LOG.info("imported %s", arc.name)
        except (tarfile.TarError, OSError) as exc:
            LOG.error("failed on %s: %s", arc.name, exc)
    index.save()
    LOG.info("%d events processed, index holds %d consignments", total, len(index.events))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
