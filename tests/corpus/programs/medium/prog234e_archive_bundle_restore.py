#!/usr/bin/env python3
"""Restore a deed bundle from the archive's tar exports.

The long-term archive hands out one .tar.gz per deed file (scans, signed
PDF, signature containers, timestamp tokens). This checks the bundle's
SHA-256 against the archive's manifest and unpacks it into ./restored/
so the admin can hand the documents to the notary.
"""

import argparse
import hashlib
import json
import logging
import sys
import tarfile
from pathlib import Path

LOG = logging.getLogger("bundle_restore")

EXPECTED_MEMBERS = ("deed.pdf", "deed.p7m", "timestamp.tsr")


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def load_manifest(path: Path) -> dict:
    with path.open(encoding="utf-8") as fh:
        data = json.load(fh)
    return {entry["file"]: entry["sha256"] for entry in data.get("bundles", [])}


class BundleRestorer:
    def __init__(self, out_root: Path, manifest: dict, force: bool = False):
        self.out_root = out_root
        self.manifest = manifest
        self.force = force

    def verify(self, bundle: Path) -> bool:
        expected = self.manifest.get(bundle.name)
        if expected is None:
            LOG.warning("%s is not listed in the manifest", bundle.name)
            return self.force
        actual = sha256_of(bundle)
        if actual != expected:
            LOG.error("checksum mismatch for %s", bundle.name)
            return False
        return True

    def restore(self, bundle: Path) -> bool:
        if not self.verify(bundle):
            return False
        target = self.out_root / bundle.name.split(".")[0]
        target.mkdir(parents=True, exist_ok=True)
        try:
            with tarfile.open(bundle, "r:*") as tar:
                names = tar.getnames()
                missing = [m for m in EXPECTED_MEMBERS
                           if not any(n.endswith(m) for n in names)]
                if missing:
                    LOG.warning("%s lacks %s", bundle.name, ", ".join(missing))
                tar.extractall(path=target)
        except (tarfile.TarError, OSError) as exc:
            LOG.error("could not unpack %s: %s", bundle.name, exc)
            return False
        LOG.info("restored %s into %s (%d members)", bundle.name, target, len(names))
        return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bundles", nargs="+", type=Path)
    ap.add_argument("--manifest", type=Path, default=Path("archive_manifest.json"))
    ap.add_argument("--out", type=Path, default=Path("restored"))
    ap.add_argument("--force", action="store_true",
                    help="restore bundles that are missing from the manifest")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s",
                        handlers=[logging.StreamHandler(),
                                  logging.FileHandler("bundle_restore.log")])
    try:
        manifest = load_manifest(args.manifest)
    except (OSError, ValueError, KeyError) as exc:
        LOG.error("cannot read manifest %s: %s", args.manifest, exc)
        return 1

    restorer = BundleRestorer(args.out, manifest, args.force)
    failed = [b for b in args.bundles if not restorer.restore(b)]
    if failed:
        LOG.error("%d of %d bundles failed", len(failed), len(args.bundles))
        return 2
    LOG.info("all %d bundles restored", len(args.bundles))
    return 0


if __name__ == "__main__":
    sys.exit(main())
