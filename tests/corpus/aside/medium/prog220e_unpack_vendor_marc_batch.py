#!/usr/bin/env python3
"""Unpack a vendor MARC batch into the cataloguing intake area.

Shelf-ready vendors deliver each order as a .tar.gz containing MARC files
and a manifest. This checks the archive against the checksum in the
delivery note, unpacks it under ./intake/<batch>, and lists the record files
so the cataloguer knows what arrived.
"""
import argparse
import hashlib
import json
import logging
import sys
import tarfile
from pathlib import Path

INTAKE = Path("intake")

log = logging.getLogger("unpack-batch")


def sha256_of(path, chunk=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


class VendorBatch:
    def __init__(self, archive, vendor):
        self.archive = archive
        self.vendor = vendor
        self.batch_id = archive.name.split(".")[0]
        self.dest = INTAKE / vendor / self.batch_id

    def verify(self, expected):
        if not expected:
            log.warning("no checksum supplied; skipping verification")
            return True
        actual = sha256_of(self.archive)
        if actual.lower() != expected.lower():
            log.error("checksum mismatch: expected %s got %s", expected, actual)
            return False
        log.info("checksum ok")
        return True

    def unpack(self):
        self.dest.mkdir(parents=True, exist_ok=True)
        with tarfile.open(self.archive, "r:gz") as tar:
            members = tar.getnames()
            log.info("archive holds %d entries", len(members))
            tar.extractall(path=self.dest)
        return members

    def manifest(self):
        path = self.dest / "manifest.json"
        if not path.is_file():
            return {}
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except ValueError as exc:
            log.warning("manifest unreadable: %s", exc)
            return {}

    def record_files(self):
        return sorted(p for p in self.dest.rglob("*") if p.suffix.lower() in (".mrc", ".marc", ".xml"))


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("archive", type=Path)
    p.add_argument("--vendor", required=True, help="vendor code, e.g. BTCAT")
    p.add_argument("--sha256", help="checksum from the delivery note")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(levelname)s %(message)s",
    )
    if not args.archive.is_file():
        log.error("no such archive: %s", args.archive)
        return 2

    batch = VendorBatch(args.archive, args.vendor)
    if not batch.verify(args.sha256):
        return 1
    try:
        batch.unpack()
    except (tarfile.TarError, OSError) as exc:
        log.error("could not unpack: %s", exc)
        return 1

    meta = batch.manifest()
    files = batch.record_files()
    log.info("batch %s from %s: %d record files, manifest says %s records",
             batch.batch_id, args.vendor, len(files), meta.get("record_count", "?"))
    for f in files:
        print(f)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
