#!/usr/bin/env python3
"""Summarises keeper feeding logs into a JSON digest for the nutrition team.

Each section folder holds a feeding CSV and optional photos of leftovers;
the digest embeds small photos (base64) so it can be attached to one email.
"""
import argparse
import base64
import concurrent.futures
import csv
import json
import logging
import os
import sys
from collections import Counter, defaultdict

LOG = logging.getLogger("feeding-summary")

SETTINGS = {
    "photo_ext": (".jpg", ".jpeg", ".png"),
    "photo_max": 256 * 1024,
    "out": "feeding_digest.json",
}


def worker_count():
    try:
        with open("/proc/cpuinfo") as fh:
            cores = sum(1 for line in fh if line.startswith("processor"))
        return max(1, min(cores, 8))
    except OSError:
        return 2


class SectionDigest:
    def __init__(self, name):
        self.name = name
        self.offered = defaultdict(float)
        self.eaten = defaultdict(float)
        self.refusals = Counter()
        self.photos = []

    def add_row(self, row):
        animal = row["animal"]
        offered = float(row.get("offered_g") or 0)
        eaten = float(row.get("eaten_g") or 0)
        self.offered[animal] += offered
        self.eaten[animal] += eaten
        if offered and eaten / offered < 0.25:
            self.refusals[animal] += 1

    def to_dict(self):
        animals = {}
        for a in sorted(self.offered):
            pct = 100.0 * self.eaten[a] / self.offered[a] if self.offered[a] else 0.0
            animals[a] = {"offered_g": round(self.offered[a]),
                          "eaten_g": round(self.eaten[a]),
                          "intake_pct": round(pct, 1),
                          "refusals": self.refusals[a]}
        return {"section": self.name, "animals": animals, "photos": self.photos}


def embed_photo(path):
    size = os.path.getsize(path)
    if size > SETTINGS["photo_max"]:
        LOG.info("photo %s too large (%d bytes), skipped", path, size)
        return None
    with open(path, "rb") as fh:
        return {"file": os.path.basename(path),
                "data": base64.b64encode(fh.read()).decode("ascii")}


def digest_section(folder):
    digest = SectionDigest(os.path.basename(folder.rstrip("/")))
    log_path = os.path.join(folder, "feeding.csv")
    if os.path.exists(log_path):
        with open(log_path, newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    digest.add_row(row)
                except (KeyError, ValueError) as exc:
                    LOG.debug("bad row in %s: %s", log_path, exc)
    for entry in sorted(os.listdir(folder)):
        if entry.lower().endswith(SETTINGS["photo_ext"]):
            photo = embed_photo(os.path.join(folder, entry))
            if photo:
                digest.photos.append(photo)
    return digest.to_dict()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", help="folder containing one sub-folder per section")
    ap.add_argument("--out", default=SETTINGS["out"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    sections = [os.path.join(args.root, d) for d in sorted(os.listdir(args.root))
                if os.path.isdir(os.path.join(args.root, d))]
    if not sections:
        LOG.error("no section folders under %s", args.root)
        return 1

    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=worker_count()) as pool:
        for res in pool.map(digest_section, sections):
            results.append(res)

    with open(args.out, "w") as fh:
        json.dump({"sections": results}, fh, indent=1)
    flagged = [(s["section"], a) for s in results
               for a, v in s["animals"].items() if v["refusals"] >= 2]
    LOG.info("digest written to %s, %d animal(s) flagged", args.out, len(flagged))
    for section, animal in flagged:
        print("check intake: %s / %s" % (section, animal))
    return 0


if __name__ == "__main__":
    sys.exit(main())
