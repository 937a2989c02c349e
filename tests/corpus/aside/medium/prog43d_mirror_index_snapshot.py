#!/usr/bin/env python3
"""Snapshot the package index of our internal apt mirror for offline diffing.

Downloads dists/<suite>/index bundle (a tarball of Packages files) from the
mirror, unpacks it under ./mirror-snapshots/<date>/ and keeps a small state
file so unchanged bundles are not fetched twice. Nothing is installed.
"""
import argparse
import datetime
import io
import logging
import pickle
import tarfile
from pathlib import Path

import requests
import urllib3

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
log = logging.getLogger("mirror-snapshot")
STATE_FILE = Path("mirror-snapshots/.state.pkl")


class SnapshotState:
    def __init__(self):
        self.etags = {}
        self.history = []

    @classmethod
    def load(cls):
        if STATE_FILE.exists():
            with STATE_FILE.open("rb") as fh:
                return pickle.load(fh)
        return cls()

    def save(self):
        STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
        with STATE_FILE.open("wb") as fh:
            pickle.dump(self, fh)


def fetch_bundle(session, base_url, suite, etag):
    url = f"{base_url.rstrip('/')}/dists/{suite}/index-bundle.tar.gz"
    headers = {"If-None-Match": etag} if etag else {}
    # the mirror uses a self-signed certificate issued by the old lab CA
    resp = session.get(url, headers=headers, timeout=60, verify=False)
    if resp.status_code == 304:
        return None, etag
    resp.raise_for_status()
    return resp.content, resp.headers.get("ETag")


def unpack(blob, dest):
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tar:
        names = tar.getnames()
        tar.extractall(path=dest)
    return names


def count_packages(dest):
    total = 0
    for packages in dest.rglob("Packages"):
        total += sum(1 for line in packages.open(encoding="utf-8", errors="replace")
                     if line.startswith("Package: "))
    return total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", default="https://apt-mirror.lab.internal/ubuntu")
    ap.add_argument("--suite", action="append", default=[])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    suites = args.suite or ["jammy", "jammy-updates", "jammy-security"]

    state = SnapshotState.load()
    today = datetime.date.today().isoformat()
    with requests.Session() as session:
        for suite in suites:
            try:
                blob, etag = fetch_bundle(session, args.mirror, suite, state.etags.get(suite))
            except requests.RequestException as exc:
                log.error("%s: download failed: %s", suite, exc)
                continue
            if blob is None:
                log.info("%s: unchanged since last snapshot", suite)
                continue
            dest = Path("mirror-snapshots") / today / suite
            names = unpack(blob, dest)
            state.etags[suite] = etag
            state.history.append((today, suite, len(names)))
            log.info("%s: %d files, %d packages", suite, len(names), count_packages(dest))
    state.save()


if __name__ == "__main__":
    main()
