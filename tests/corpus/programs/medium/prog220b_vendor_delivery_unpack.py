#!/usr/bin/env python3
"""Unpack processing-vendor deliveries into the matter intake folder.

Vendors drop .tar.gz deliveries (load files, images, text) into the
incoming/ folder. This tool verifies each archive's SHA-256 against the
vendor's .sha256 sidecar, unpacks it into intake/<delivery name>/ and
writes an intake record for the case team.
"""

import argparse
import hashlib
import json
import logging
import sys
import tarfile
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("delivery_unpack")


class DeliveryError(Exception):
    pass


def sha256_of(path, bufsize=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        while True:
            chunk = fh.read(bufsize)
            if not chunk:
                break
            h.update(chunk)
    return h.hexdigest()


class Delivery:
    def __init__(self, archive):
        self.archive = Path(archive)
        self.name = self.archive.name.split(".tar")[0]
        self.sidecar = self.archive.with_name(self.archive.name + ".sha256")

    def verify(self):
        if not self.sidecar.exists():
            raise DeliveryError(f"{self.archive.name}: missing .sha256 sidecar")
        expected = self.sidecar.read_text().split()[0].lower()
        actual = sha256_of(self.archive)
        if expected != actual:
            raise DeliveryError(f"{self.archive.name}: hash mismatch")
        LOG.info("%s: hash verified", self.archive.name)
        return actual

    def unpack(self, intake_root):
        dest = Path(intake_root) / self.name
        if dest.exists():
            raise DeliveryError(f"{dest} already exists; refusing to overwrite")
        dest.mkdir(parents=True)
        try:
            with tarfile.open(self.archive, "r:*") as tf:
                members = tf.getmembers()
                tf.extractall(dest)
        except tarfile.TarError as exc:
            raise DeliveryError(f"{self.archive.name}: bad archive: {exc}") from exc
        LOG.info("%s: unpacked %d members to %s", self.archive.name, len(members), dest)
        return dest, len(members)


def write_record(intake_root, delivery, digest, dest, count):
    record = {
        "delivery": delivery.name,
        "archive": str(delivery.archive),
        "sha256": digest,
        "unpacked_to": str(dest),
        "members": count,
        "received": datetime.now().isoformat(timespec="seconds"),
    }
    rec_path = Path(intake_root) / f"{delivery.name}.intake.json"
    rec_path.write_text(json.dumps(record, indent=2), encoding="utf-8")
    return rec_path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--incoming", default="incoming")
    ap.add_argument("--intake", default="intake")
    ap.add_argument("--archive-done", action="store_true",
                    help="move processed archives to incoming/processed/")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    incoming = Path(args.incoming)
    if not incoming.is_dir():
        LOG.error("incoming folder %s not found", incoming)
        return 2
    Path(args.intake).mkdir(parents=True, exist_ok=True)
    processed = incoming / "processed"

    failures = 0
    for archive in sorted(incoming.glob("*.tar*")):
        if archive.name.endswith(".sha256"):
            continue
        delivery = Delivery(archive)
        try:
            digest = delivery.verify()
            dest, count = delivery.unpack(args.intake)
            rec = write_record(args.intake, delivery, digest, dest, count)
            LOG.info("intake record %s", rec)
        except DeliveryError as exc:
            LOG.error("%s", exc)
            failures += 1
            continue
        if args.archive_done:
            processed.mkdir(exist_ok=True)
            archive.rename(processed / archive.name)
            delivery.sidecar.rename(processed / delivery.sidecar.name)

    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
