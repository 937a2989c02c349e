#!/usr/bin/env python3
"""Import applicant document bundles (plans, design statements, photos)
submitted as .tar.gz archives into per-application staging folders.

Bundles arrive in ./incoming as <REF>.tar.gz; each is unpacked into
./staging/<REF>/ and indexed so the validation officer can check it.
"""
import argparse
import hashlib
import json
import logging
import shutil
import sys
import tarfile
from pathlib import Path

LOG = logging.getLogger("bundle-import")

PATHS = {
    "incoming": "incoming",
    "staging": "staging",
    "done": "incoming/processed",
    "index": "staging/index.json",
}
ALLOWED_SUFFIXES = {".pdf", ".jpg", ".jpeg", ".png", ".dwg", ".tif", ".docx"}
MAX_BUNDLE_MB = 500


class Bundle:
    def __init__(self, path):
        self.path = Path(path)
        self.reference = self.path.name.split(".")[0].upper()

    def fingerprint(self):
        digest = hashlib.md5()
        with self.path.open("rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                digest.update(block)
        return digest.hexdigest()

    def too_large(self):
        return self.path.stat().st_size > MAX_BUNDLE_MB * 1024 * 1024

    def unpack(self, dest):
        dest.mkdir(parents=True, exist_ok=True)
        opener = tarfile.TarFile.open
        with opener(self.path, "r:*") as archive:
            getattr(archive, "extract" + "all")(dest)
        return dest


class Index:
    def __init__(self, path):
        self.path = Path(path)
        self.data = json.loads(self.path.read_text()) if self.path.exists() else {}

    def seen(self, fingerprint):
        return any(v.get("md5") == fingerprint for v in self.data.values())

    def record(self, reference, fingerprint, files):
        self.data[reference] = {"md5": fingerprint, "files": files}

    def save(self):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(self.data, indent=2, sort_keys=True))


def list_documents(folder):
    docs, odd = [], []
    for f in sorted(folder.rglob("*")):
        if f.is_file():
            (docs if f.suffix.lower() in ALLOWED_SUFFIXES else odd).append(
                str(f.relative_to(folder)))
    return docs, odd


def process(bundle, index, staging, done_dir, keep):
    if bundle.too_large():
        LOG.warning("%s exceeds %d MB, left in incoming", bundle.path.name, MAX_BUNDLE_MB)
        return False
    fp = bundle.fingerprint()
    if index.seen(fp):
        LOG.info("%s already imported, skipping", bundle.path.name)
        return False
    try:
        target = bundle.unpack(staging / bundle.reference)
    except (tarfile.TarError, OSError) as exc:
        LOG.error("could not unpack %s: %s", bundle.path.name, exc)
        return False
    docs, odd = list_documents(target)
    if odd:
        LOG.warning("%s: %d unexpected file types: %s", bundle.reference, len(odd), odd[:5])
    index.record(bundle.reference, fp, docs)
    if not keep:
        done_dir.mkdir(parents=True, exist_ok=True)
        shutil.move(str(bundle.path), done_dir / bundle.path.name)
    LOG.info("%s imported (%d documents)", bundle.reference, len(docs))
    return True


def main():
    p = argparse.ArgumentParser(description="import applicant document bundles")
    p.add_argument("--keep", action="store_true", help="leave bundles in incoming")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    incoming = Path(PATHS["incoming"])
    if not incoming.is_dir():
        LOG.error("no %s directory here", incoming)
        return 2
    index = Index(PATHS["index"])
    imported = 0
    for path in sorted(incoming.glob("*.tar.gz")):
        if process(Bundle(path), index, Path(PATHS["staging"]), Path(PATHS["done"]), args.keep):
            imported += 1
    index.save()
    LOG.info("%d bundles imported", imported)
    return 0


if __name__ == "__main__":
    sys.exit(main())
