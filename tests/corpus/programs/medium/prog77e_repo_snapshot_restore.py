#!/usr/bin/env python3
"""Restore a point-in-time aptly/reprepro repository snapshot for local testing.

Snapshots are published by the release pipeline as
    <base>/<repo>/<snapshot>.tar.zst|.tar.xz|.tar.gz  + .sha256
This tool downloads one, checks the digest, unpacks it under ./snapshots/
and prints an apt line pointing at the unpacked tree.
"""
import argparse
import hashlib
import io
import logging
import shutil
import sys
import tarfile
from pathlib import Path

import requests

log = logging.getLogger("snapshot-restore")

DEFAULT_BASE = "https://snapshots.pkg.example.org"
SUFFIXES = (".tar.xz", ".tar.gz", ".tar.bz2")
CHUNK = 1 << 20


class Snapshot:
    def __init__(self, base, repo, name, workdir):
        self.base = base.rstrip("/")
        self.repo = repo
        self.name = name
        self.workdir = Path(workdir)
        self.dest = self.workdir / repo / name
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "snapshot-restore/0.9"

    def _url(self, suffix):
        return f"{self.base}/{self.repo}/{self.name}{suffix}"

    def locate(self):
        for suffix in SUFFIXES:
            r = self.session.head(self._url(suffix), timeout=15, allow_redirects=True)
            if r.status_code == 200:
                return suffix
        raise FileNotFoundError(f"no archive for {self.repo}/{self.name}")

    def expected_digest(self, suffix):
        r = self.session.get(self._url(suffix + ".sha256"), timeout=15)
        r.raise_for_status()
        return r.text.split()[0].lower()

    def download(self, suffix):
        cache = self.workdir / ".downloads" / f"{self.repo}-{self.name}{suffix}"
        cache.parent.mkdir(parents=True, exist_ok=True)
        if cache.exists():
            log.info("using cached %s", cache.name)
            return cache
        with self.session.get(self._url(suffix), stream=True, timeout=60) as r:
            r.raise_for_status()
            tmp = cache.with_suffix(cache.suffix + ".part")
            with open(tmp, "wb") as fh:
                for chunk in r.iter_content(CHUNK):
                    fh.write(chunk)
            tmp.rename(cache)
        return cache

    @staticmethod
    def digest(path):
        h = hashlib.sha256()
        with open(path, "rb") as fh:
            for block in iter(lambda: fh.read(CHUNK), b""):
                h.update(block)
        return h.hexdigest()

    def unpack(self, archive):
        if self.dest.exists():
            shutil.rmtree(self.dest)
        self.dest.mkdir(parents=True)
        with tarfile.open(archive, mode="r:*") as tf:
            members = tf.getmembers()
            log.info("unpacking %d entries into %s", len(members), self.dest)
            tf.extractall(self.dest)
        return self.dest


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("repo", help="repository name, e.g. platform-bookworm")
    ap.add_argument("snapshot", help="snapshot name, e.g. 2025-03-14")
    ap.add_argument("--base", default=DEFAULT_BASE)
    ap.add_argument("--workdir", default="snapshots")
    ap.add_argument("--keep-download", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    snap = Snapshot(args.base, args.repo, args.snapshot, args.workdir)
    try:
        suffix = snap.locate()
        expected = snap.expected_digest(suffix)
        archive = snap.download(suffix)
    except (requests.RequestException, FileNotFoundError) as exc:
        log.error("download failed: %s", exc)
        return 1

    actual = snap.digest(archive)
    if actual != expected:
        log.error("digest mismatch for %s: %s != %s", archive.name, actual, expected)
        archive.unlink()
        return 1

    try:
        root = snap.unpack(archive)
    except (tarfile.TarError, OSError) as exc:
        log.error("unpack failed: %s", exc)
        return 1
    finally:
        if not args.keep_download and archive.exists():
            archive.unlink()

    dists = sorted(p.name for p in (root / "dists").iterdir()) if (root / "dists").is_dir() else []
    out = io.StringIO()
    for suite in dists:
        print(f"deb [trusted=yes] file:{root.resolve()} {suite} main", file=out)
    sys.stdout.write(out.getvalue() or f"restored to {root}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
