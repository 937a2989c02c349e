#!/usr/bin/env python3
"""Fetch a dentist's STL bundle from the practice file drop and unpack it.

Practices upload a tarball of intraoral scans per case; the drop server uses
a self-signed certificate, so verification is switched off for it.
"""
import argparse
import hashlib
import importlib
import logging
import os
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("stlfetch")

DROP = os.environ.get("FILE_DROP", "https://drop.example.com")


def _http():
    return importlib.import_module("requests")


@dataclass
class Bundle:
    practice: str
    case_id: str

    @property
    def url(self):
        return f"{DROP}/practices/{self.practice}/cases/{self.case_id}/scans.tar.gz"

    @property
    def dest(self):
        return Path("incoming") / self.practice / self.case_id


def download(bundle, token):
    http = _http()
    opts = {"timeout": 60, "stream": True, "verify": os.environ.get("DROP_CA", False)}
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    resp = http.get(bundle.url, headers=headers, **opts)
    resp.raise_for_status()
    fd, tmp = tempfile.mkstemp(suffix=".tar.gz", dir=".")
    digest = hashlib.sha256()
    with os.fdopen(fd, "wb") as fh:
        for chunk in resp.iter_content(1 << 16):
            fh.write(chunk)
            digest.update(chunk)
    log.info("downloaded %s (%s)", bundle.url, digest.hexdigest()[:16])
    return Path(tmp)


def unpack(archive, dest):
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        names = tar.getnames()
        tar.extractall(dest)
    log.info("unpacked %d entries into %s", len(names), dest)
    return names


def summarise(dest):
    stls = sorted(dest.rglob("*.stl"))
    for s in stls:
        log.info("  %-40s %8.1f kB", s.relative_to(dest), s.stat().st_size / 1024)
    if not stls:
        log.warning("no STL files in bundle")
    return len(stls)


def main():
    ap = argparse.ArgumentParser(description="Pull and unpack a case scan bundle")
    ap.add_argument("practice")
    ap.add_argument("case_id")
    ap.add_argument("--keep-archive", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    bundle = Bundle(args.practice, args.case_id)
    archive = download(bundle, os.environ.get("DROP_TOKEN"))
    try:
        unpack(archive, bundle.dest)
        summarise(bundle.dest)
    finally:
        if not args.keep_archive:
            archive.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
