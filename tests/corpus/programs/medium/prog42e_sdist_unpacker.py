#!/usr/bin/env python3
"""Vendor hash-pinned source distributions into ./vendor/src.

Reads ``sdists.lock.json`` (url + sha256 per sdist), downloads each tarball,
verifies the digest and unpacks it under ./vendor/src/<name>/ so the build
can patch and compile the sources offline.
"""
import argparse
import hashlib
import io
import json
import logging
import shutil
import sys
from pathlib import Path
from urllib.parse import urlsplit

import requests
import tarfile as _tar

log = logging.getLogger("sdist-vendor")


class DigestError(Exception):
    pass


def read_lock(path: Path):
    for entry in json.loads(path.read_text()).get("sdists", []):
        name = Path(urlsplit(entry["url"]).path).name
        yield name, entry["url"], entry["sha256"].lower()


def download(session, url: str, expected: str, timeout: int) -> bytes:
    resp = session.get(url, timeout=timeout)
    resp.raise_for_status()
    blob = resp.content
    actual = hashlib.sha256(blob).hexdigest()
    if actual != expected:
        raise DigestError(f"{url}: sha256 {actual} != {expected}")
    return blob


def unpack(blob: bytes, target: Path) -> int:
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    with _tar.open(fileobj=io.BytesIO(blob), mode="r:*") as archive:
        members = archive.getmembers()
        archive.extractall(path=target)
    return len(members)


def stem_of(filename: str) -> str:
    for ext in (".tar.gz", ".tgz", ".tar.bz2", ".tar.xz"):
        if filename.endswith(ext):
            return filename[: -len(ext)]
    return filename


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lock", type=Path, default=Path("sdists.lock.json"))
    ap.add_argument("--dest", type=Path, default=Path("vendor/src"))
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--only", action="append", default=[],
                    help="vendor only these file names (repeatable)")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    session = requests.Session()
    session.headers["User-Agent"] = "sdist-vendor/0.9"
    failed = 0
    for filename, url, digest in read_lock(args.lock):
        if args.only and filename not in args.only:
            continue
        target = args.dest / stem_of(filename)
        try:
            blob = download(session, url, digest, args.timeout)
            count = unpack(blob, target)
        except (requests.RequestException, DigestError, _tar.TarError) as exc:
            log.error("%s: %s", filename, exc)
            failed += 1
            continue
        log.info("unpacked %s (%d members) -> %s", filename, count, target)

    stamp = args.dest / ".vendored"
    stamp.write_text("ok\n" if not failed else f"failed={failed}\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
