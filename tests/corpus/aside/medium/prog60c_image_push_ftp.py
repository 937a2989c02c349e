#!/usr/bin/env python3
"""Publish nightly firmware builds to the lab's staging FTP box.

The old bootloader recovery tool on the lab bench can only pull images over
plain FTP, so nightly builds are unpacked from the CI artifact tarball and
uploaded to the anonymous staging share.
"""
import argparse
import ftplib
import hashlib
import logging
import os
import tarfile
from pathlib import Path

log = logging.getLogger("ftp_publish")

STAGING_HOST = os.environ.get("STAGING_FTP", "192.168.50.10")
REMOTE_ROOT = "/incoming/nightly"
WANTED_SUFFIXES = (".bin", ".itb", ".trx", ".img")


def unpack_artifacts(archive, dest):
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:*") as tar:
        members = tar.getmembers()
        log.info("unpacking %d members from %s", len(members), archive)
        tar.extractall(path=dest)
    return dest


def pick_images(root):
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix in WANTED_SUFFIXES:
            yield path


def sha256_of(path):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


class StagingUploader:
    def __init__(self, host, remote_root, timeout=60):
        self.host = host
        self.remote_root = remote_root
        self.timeout = timeout
        self.ftp = None

    def __enter__(self):
        self.ftp = ftplib.FTP(self.host, timeout=self.timeout)
        self.ftp.login()  # anonymous staging share
        self._ensure_dir(self.remote_root)
        return self

    def __exit__(self, *exc):
        try:
            self.ftp.quit()
        except ftplib.all_errors:
            self.ftp.close()

    def _ensure_dir(self, remote):
        parts = [p for p in remote.split("/") if p]
        self.ftp.cwd("/")
        for part in parts:
            try:
                self.ftp.cwd(part)
            except ftplib.error_perm:
                self.ftp.mkd(part)
                self.ftp.cwd(part)

    def put(self, local, build_id):
        self._ensure_dir(f"{self.remote_root}/{build_id}")
        with local.open("rb") as fh:
            self.ftp.storbinary(f"STOR {local.name}", fh, blocksize=32768)
        log.info("uploaded %s", local.name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("archive", help="CI artifact tarball, e.g. artifacts.tar.zst")
    ap.add_argument("--build-id", default=os.environ.get("CI_PIPELINE_ID", "local"))
    ap.add_argument("--workdir", default="./publish")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    root = unpack_artifacts(args.archive, Path(args.workdir))
    images = list(pick_images(root))
    if not images:
        log.error("no firmware images found in %s", args.archive)
        return 1
    sums = root / "SHA256SUMS"
    sums.write_text("".join(f"{sha256_of(p)}  {p.name}\n" for p in images))
    if args.dry_run:
        for p in images:
            log.info("would upload %s", p)
        return 0
    with StagingUploader(STAGING_HOST, REMOTE_ROOT) as up:
        for p in images + [sums]:
            up.put(p, args.build_id)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
