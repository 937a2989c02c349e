#!/usr/bin/env python3
"""Fetch a published restore bundle and unpack it into ./restore.

The bundle index is a small JSON document listing tarballs and their SHA-256
digests.  We download the requested one with a timeout, verify the digest
and extract it with the 'data' filter so absolute paths, links out of the
tree and device files are refused.
"""
import argparse
import hashlib
import logging
import sys
import tarfile
from pathlib import Path

import requests

log = logging.getLogger("restore-fetch")
CHUNK = 256 * 1024


class BundleError(RuntimeError):
    pass


def load_index(session: requests.Session, index_url: str, timeout: float) -> dict:
    resp = session.get(index_url, timeout=timeout)
    resp.raise_for_status()
    data = resp.json()
    if "bundles" not in data:
        raise BundleError("index has no 'bundles' key")
    return {b["name"]: b for b in data["bundles"]}


def download(session, url: str, dest: Path, timeout: float) -> str:
    digest = hashlib.sha256()
    with session.get(url, stream=True, timeout=timeout) as resp:
        resp.raise_for_status()
        with dest.open("wb") as out:
            for chunk in resp.iter_content(CHUNK):
                out.write(chunk)
                digest.update(chunk)
    return digest.hexdigest()


def unpack(archive: Path, target: Path) -> int:
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, mode="r:*") as tf:
        members = tf.getmembers()
        tf.extractall(path=target, filter="data")
    return len(members)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("bundle", help="bundle name from the index, e.g. wiki-2024-05-01")
    ap.add_argument("--index", default="https://backups.internal.example.org/bundles/index.json")
    ap.add_argument("--out", default="restore")
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--keep-archive", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    work = Path.cwd()
    downloads = work / "downloads"
    downloads.mkdir(exist_ok=True)

    with requests.Session() as session:
        session.headers["User-Agent"] = "restore-fetch/1.3"
        try:
            index = load_index(session, args.index, args.timeout)
        except (requests.RequestException, ValueError, BundleError) as exc:
            log.error("cannot read bundle index: %s", exc)
            return 1
        entry = index.get(args.bundle)
        if entry is None:
            log.error("unknown bundle %s (have: %s)", args.bundle, ", ".join(sorted(index)))
            return 1
        archive = downloads / Path(entry["file"]).name
        log.info("downloading %s", entry["url"])
        got = download(session, entry["url"], archive, args.timeout)

    if got != entry["sha256"]:
        log.error("digest mismatch: expected %s got %s", entry["sha256"], got)
        archive.unlink(missing_ok=True)
        return 3
    count = unpack(archive, work / args.out / args.bundle)
    log.info("restored %d members into %s", count, args.out)
    if not args.keep_archive:
        archive.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
