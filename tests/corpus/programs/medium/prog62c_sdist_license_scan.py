#!/usr/bin/env python3
"""Collect license texts from the source distributions of pinned requirements.

For each `name==version` line in requirements.txt the sdist is downloaded from
the index into ./.sdist-cache, unpacked next to it, and any LICENSE/COPYING
files are fingerprinted and matched against a few well-known headers.  The
result is written to licenses.csv for the legal review.
"""
import argparse
import csv
import hashlib
import logging
import re
import sys
import tarfile
from pathlib import Path

import requests

log = logging.getLogger("sdist-licenses")
INDEX_JSON = "https://pypi.org/pypi/{name}/{version}/json"
LICENSE_RE = re.compile(r"^(LICEN[CS]E|COPYING|NOTICE)(\.[a-z]+)?$", re.I)
KNOWN = {
    "MIT": "Permission is hereby granted, free of charge",
    "Apache-2.0": "Apache License",
    "BSD-3-Clause": "Redistribution and use in source and binary forms",
    "GPL": "GNU GENERAL PUBLIC LICENSE",
}


def pinned(req_file):
    for raw in Path(req_file).read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        m = re.match(r"^([A-Za-z0-9_.\-]+)==([^\s;]+)", line)
        if m:
            yield m.group(1), m.group(2)


def fetch_sdist(session, name, version, cache):
    meta = session.get(INDEX_JSON.format(name=name, version=version), timeout=30)
    meta.raise_for_status()
    for f in meta.json().get("urls", []):
        if f["packagetype"] == "sdist" and f["filename"].endswith((".tar.gz", ".tgz")):
            target = cache / f["filename"]
            if not target.exists():
                blob = session.get(f["url"], timeout=120)
                blob.raise_for_status()
                target.write_bytes(blob.content)
            return target
    return None


def unpack(archive, dest):
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(dest)
    return dest


def classify(text):
    for spdx, marker in KNOWN.items():
        if marker.lower() in text.lower():
            return spdx
    return "unknown"


def scan(tree):
    for path in tree.rglob("*"):
        if path.is_file() and LICENSE_RE.match(path.name):
            text = path.read_text(errors="replace")
            yield path.relative_to(tree), classify(text), hashlib.sha256(text.encode()).hexdigest()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("requirements", nargs="?", default="requirements.txt")
    ap.add_argument("--cache", default=".sdist-cache", type=Path)
    ap.add_argument("--out", default="licenses.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    args.cache.mkdir(exist_ok=True)
    session = requests.Session()
    rows = []
    for name, version in pinned(args.requirements):
        try:
            archive = fetch_sdist(session, name, version, args.cache)
        except requests.RequestException as exc:
            log.warning("%s==%s: %s", name, version, exc)
            continue
        if archive is None:
            rows.append([name, version, "-", "no sdist", "-"])
            continue
        tree = unpack(archive, args.cache / f"{name}-{version}")
        found = list(scan(tree))
        rows.extend([name, version, str(p), spdx, digest[:16]] for p, spdx, digest in found)
        if not found:
            rows.append([name, version, "-", "no license file", "-"])
        log.info("%s==%s: %d license file(s)", name, version, len(found))

    with open(args.out, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["package", "version", "file", "license", "sha256"])
        writer.writerows(rows)
    log.info("wrote %s (%d rows)", args.out, len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
