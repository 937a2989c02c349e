#!/usr/bin/env python3
"""Package a survey dataset and publish it to the institutional data archive.

The dataset directory (borehole LAS files, assay CSVs, station exports) is
tarred, checksummed and uploaded to the archive deposit API. A provenance
record (software versions, file list with checksums) is attached to the
same deposit so the archive can show how the package was produced.
"""

import argparse
import hashlib
import json
import logging
import os
import platform
import sys
import tarfile
import time
from pathlib import Path

import requests

LOG = logging.getLogger("publish")

ARCHIVE_API = os.environ.get("ARCHIVE_API", "https://archive.geodata.example.org/api/v2")


def build_tarball(src: Path, out_dir: Path) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%dT%H%M%S")
    dest = out_dir / f"{src.name}-{stamp}.tar.gz"
    with tarfile.open(dest, "w:gz") as tar:
        tar.add(src, arcname=src.name)
    return dest


def sha256sum(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def file_inventory(src: Path):
    for p in sorted(src.rglob("*")):
        if p.is_file():
            yield {"path": str(p.relative_to(src)), "size": p.stat().st_size,
                   "sha256": sha256sum(p)}


def provenance(src: Path, tarball: Path, digest: str) -> dict:
    return {
        "package": tarball.name,
        "sha256": digest,
        "size": tarball.stat().st_size,
        "platform": platform.platform(),
        "python": sys.version.split()[0],
        "requests": requests.__version__,
        "files": list(file_inventory(src)),
    }


class ArchiveClient:
    def __init__(self, base, token, timeout=120):
        self.base = base.rstrip("/")
        self.s = requests.Session()
        self.s.headers["Authorization"] = f"Bearer {token}"
        self.timeout = timeout

    def create_deposit(self, title, community):
        r = self.s.post(f"{self.base}/deposits",
                        json={"title": title, "community": community},
                        timeout=self.timeout)
        r.raise_for_status()
        return r.json()["id"]

    def upload(self, dep_id, path: Path, digest):
        with path.open("rb") as fh:
            r = self.s.put(f"{self.base}/deposits/{dep_id}/files/{path.name}",
                           data=fh, headers={"X-Checksum-SHA256": digest},
                           timeout=self.timeout * 10)
        r.raise_for_status()

    def attach_provenance(self, dep_id, record, retries=3):
        for attempt in range(1, retries + 1):
            try:
                r = self.s.post(f"{self.base}/deposits/{dep_id}/provenance",
                                data=json.dumps(record),
                                headers={"Content-Type": "application/json"},
                                timeout=self.timeout)
                r.raise_for_status()
                return True
            except requests.RequestException as exc:
                LOG.debug("provenance attempt %d failed: %s", attempt, exc)
                time.sleep(2 * attempt)
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dataset", type=Path)
    ap.add_argument("--title", required=True)
    ap.add_argument("--community", default="geoscience")
    ap.add_argument("--out-dir", type=Path, default=Path("dist"))
    ap.add_argument("--keep", action="store_true", help="keep the local tarball")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("ARCHIVE_TOKEN")
    if not token:
        sys.exit("ARCHIVE_TOKEN is not set")
    if not args.dataset.is_dir():
        sys.exit(f"{args.dataset} is not a directory")

    tarball = build_tarball(args.dataset, args.out_dir)
    digest = sha256sum(tarball)
    LOG.info("packaged %s (%s)", tarball, digest[:12])

    client = ArchiveClient(ARCHIVE_API, token)
    try:
        dep = client.create_deposit(args.title, args.community)
        client.upload(dep, tarball, digest)
    except requests.RequestException as exc:
        sys.exit(f"deposit failed: {exc}")
    LOG.info("deposit %s uploaded", dep)

    if not client.attach_provenance(dep, provenance(args.dataset, tarball, digest)):
        LOG.warning("provenance record could not be attached to %s", dep)
    if not args.keep:
        tarball.unlink()


if __name__ == "__main__":
    main()
