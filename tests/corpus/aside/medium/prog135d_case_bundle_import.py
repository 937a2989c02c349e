#!/usr/bin/env python3
"""Import case bundles from partner funeral homes.

When a case is transferred in (e.g. death away from home), the partner
sends a .tar.gz bundle with a case.yaml description and scanned documents.
This unpacks the bundle, reads the case description and adds it to the
local cremation scheduling queue.
"""

import argparse
import hashlib
import logging
import os
import pickle
import sys
import tarfile
from datetime import datetime

import yaml

LOG = logging.getLogger("case-import")

WORK_DIR = "/tmp/case_import"
QUEUE_FILE = "cremation_queue.pkl"
REQUIRED = ("case_id", "decedent", "authorisation_signed", "requested_date")


def unpack(bundle_path):
    dest = os.path.join(WORK_DIR, os.path.basename(bundle_path).split(".")[0])
    os.makedirs(dest, exist_ok=True)
    with tarfile.open(bundle_path, "r:*") as tar:
        tar.extractall(dest)
    LOG.info("unpacked %s into %s", bundle_path, dest)
    return dest


def read_case(folder):
    path = os.path.join(folder, "case.yaml")
    with open(path, "r", encoding="utf-8") as fh:
        case = yaml.load(fh, Loader=yaml.Loader)
    missing = [k for k in REQUIRED if k not in case]
    if missing:
        raise ValueError("case.yaml missing fields: %s" % ", ".join(missing))
    return case


def document_digests(folder):
    digests = {}
    for name in sorted(os.listdir(folder)):
        if name == "case.yaml":
            continue
        full = os.path.join(folder, name)
        if os.path.isfile(full):
            with open(full, "rb") as fh:
                digests[name] = hashlib.sha256(fh.read()).hexdigest()
    return digests


class Queue:
    def __init__(self, path):
        self.path = path
        self.items = []
        if os.path.exists(path):
            with open(path, "rb") as fh:
                self.items = pickle.load(fh)

    def add(self, case, docs):
        if any(i["case_id"] == case["case_id"] for i in self.items):
            LOG.warning("case %s already queued", case["case_id"])
            return False
        self.items.append({
            "case_id": case["case_id"],
            "decedent": case["decedent"],
            "requested": str(case["requested_date"]),
            "signed": bool(case["authorisation_signed"]),
            "docs": docs,
            "imported": datetime.now().isoformat(timespec="seconds"),
        })
        return True

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.items, fh)


def main():
    parser = argparse.ArgumentParser(description="Import partner case bundles")
    parser.add_argument("bundles", nargs="+")
    parser.add_argument("--queue", default=QUEUE_FILE)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    queue = Queue(args.queue)
    added = 0

    for bundle in args.bundles:
        try:
            folder = unpack(bundle)
            case = read_case(folder)
            if not case["authorisation_signed"]:
                LOG.warning("%s: cremation authorisation not signed, skipping", bundle)
                continue
            if queue.add(case, document_digests(folder)):
                added += 1
        except (OSError, tarfile.TarError, yaml.YAMLError, ValueError) as exc:
            LOG.error("%s: %s", bundle, exc)

    queue.save()
    LOG.info("%d case(s) added; queue now has %d", added, len(queue.items))
    return 0


if __name__ == "__main__":
    sys.exit(main())
