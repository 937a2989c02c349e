#!/usr/bin/env python3
"""Package a digitisation batch as a BagIt bag for transfer to the state archive.

Given a batch directory of scans (e.g. batches/2024-031_council_minutes),
moves the payload into data/, computes fixity for every payload file,
and writes bagit.txt, bag-info.txt, the payload manifests and the tag
manifest.  Use --validate on an existing bag to re-check fixity.
"""

import argparse
import hashlib
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from datetime import date
from pathlib import Path

log = logging.getLogger("bagit_builder")

ALGORITHMS = ("sha256", "sha512")
CHUNK = 1 << 20
TAG_FILES = ("bagit.txt", "bag-info.txt")


def iter_payload(data_dir):
    """Yield payload files in a stable order, skipping OS clutter."""
    stack = [Path(data_dir)]
    while stack:
        current = stack.pop()
        with os.scandir(current) as it:
            entries = sorted(it, key=lambda e: e.name)
        for entry in entries:
            if entry.name in (".DS_Store", "Thumbs.db") or entry.name.startswith("._"):
                continue
            if entry.is_dir(follow_symlinks=False):
                stack.append(Path(entry.path))
            elif entry.is_file(follow_symlinks=False):
                yield Path(entry.path)


def digest_file(path):
    hashers = {a: hashlib.new(a) for a in ALGORITHMS}
    with open(path, "rb") as fh:
        while chunk := fh.read(CHUNK):
            for h in hashers.values():
                h.update(chunk)
    return path, {a: h.hexdigest() for a, h in hashers.items()}, path.stat().st_size


def move_into_data(bag):
    data = bag / "data"
    if data.is_dir():
        return data
    data.mkdir()
    for item in list(bag.iterdir()):
        if item.name != "data":
            item.rename(data / item.name)
    log.info("moved payload into %s", data)
    return data


def write_manifests(bag, results):
    for algo in ALGORITHMS:
        lines = sorted(f"{d[algo]}  {p.relative_to(bag).as_posix()}" for p, d, _ in results)
        (bag / f"manifest-{algo}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_tags(bag, results, source_org, contact):
    (bag / "bagit.txt").write_text("BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n")
    octets = sum(size for _, _, size in results)
    info = [
        f"Source-Organization: {source_org}",
        f"Contact-Email: {contact}",
        f"External-Identifier: {bag.name}",
        f"Bagging-Date: {date.today().isoformat()}",
        f"Payload-Oxum: {octets}.{len(results)}",
    ]
    (bag / "bag-info.txt").write_text("\n".join(info) + "\n", encoding="utf-8")
    tag_names = list(TAG_FILES) + [f"manifest-{a}.txt" for a in ALGORITHMS]
    for algo in ALGORITHMS:
        lines = [f"{digest_file(bag / n)[1][algo]}  {n}" for n in tag_names]
        (bag / f"tagmanifest-{algo}.txt").write_text("\n".join(lines) + "\n")


def validate(bag, workers):
    manifest = bag / "manifest-sha256.txt"
    expected = {}
    for line in manifest.read_text(encoding="utf-8").splitlines():
        digest, _, rel = line.partition("  ")
        expected[rel] = digest
    bad = 0
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for path, digests, _ in pool.map(digest_file, (bag / r for r in expected)):
            rel = path.relative_to(bag).as_posix()
            if digests["sha256"] != expected[rel]:
                log.error("fixity mismatch: %s", rel)
                bad += 1
    log.info("%d files checked, %d mismatches", len(expected), bad)
    return bad == 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("batch", help="batch directory (relative to the working directory)")
    ap.add_argument("--org", default="Hamlin County Archives")
    ap.add_argument("--contact", default="digitisation@hamlincounty.gov")
    ap.add_argument("--validate", action="store_true")
    ap.add_argument("-j", "--jobs", type=int, default=4)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    bag = Path(args.batch)
    if not bag.is_dir():
        log.error("%s is not a directory", bag)
        return 2
    if args.validate:
        return 0 if validate(bag, args.jobs) else 1

    data = move_into_data(bag)
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(digest_file, iter_payload(data)))
    if not results:
        log.error("no payload files in %s", data)
        return 1
    write_manifests(bag, results)
    write_tags(bag, results, args.org, args.contact)
    for name in ("bag-info.txt", "manifest-sha256.txt", "manifest-sha512.txt"):
        os.chmod(bag / name, 0o600)
    log.info("bagged %d files from %s", len(results), bag)
    return 0


if __name__ == "__main__":
    sys.exit(main())
