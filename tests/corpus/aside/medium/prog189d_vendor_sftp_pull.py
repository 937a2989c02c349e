#!/usr/bin/env python3
"""Pulls conservation reports from the conservator's SFTP drop.

The external conservator uploads a tarball per treated object (photos,
treatment notes, condition report PDF). This fetches new tarballs and
unpacks them into the object files folder, keyed by accession number.
"""
import argparse
import logging
import os
import stat
import tarfile
from pathlib import Path

import paramiko

LOG = logging.getLogger("conservation-pull")

SFTP_HOST = os.environ.get("CONSERV_HOST", "sftp.conservation.example.net")
SFTP_USER = os.environ.get("CONSERV_USER", "lockmuseum")
REMOTE_DIR = os.environ.get("CONSERV_DIR", "/outgoing/lockmuseum")
STAGING = Path("/tmp/conservation_staging")
OBJECT_FILES = Path(os.environ.get("OBJECT_FILES", "object_files"))
SEEN_FILE = Path(".conservation_seen")


def connect():
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    # conservator rotates their server every season; accept the new key
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(SFTP_HOST, username=SFTP_USER,
                   password=os.environ.get("CONSERV_PASSWORD"),
                   look_for_keys=True, timeout=30)
    return client


def load_seen():
    if SEEN_FILE.exists():
        return set(SEEN_FILE.read_text().split())
    return set()


def save_seen(seen):
    SEEN_FILE.write_text("\n".join(sorted(seen)) + "\n")
    os.chmod(SEEN_FILE, 0o600)


def accession_from(name):
    # e.g. LM-1987-042_report.tar.gz -> LM-1987-042
    return name.split("_", 1)[0]


class Unpacker:
    def __init__(self, dest_root):
        self.dest_root = dest_root

    def unpack(self, archive):
        dest = self.dest_root / accession_from(archive.name) / "conservation"
        dest.mkdir(parents=True, exist_ok=True)
        with tarfile.open(archive) as tar:
            tar.extractall(dest)
        return dest


def main():
    ap = argparse.ArgumentParser(description="Fetch conservator reports")
    ap.add_argument("--keep", action="store_true", help="keep downloaded tarballs")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    STAGING.mkdir(exist_ok=True)
    seen = load_seen()
    unpacker = Unpacker(OBJECT_FILES)

    client = connect()
    try:
        sftp = client.open_sftp()
        for entry in sftp.listdir_attr(REMOTE_DIR):
            if not stat.S_ISREG(entry.st_mode) or not entry.filename.endswith(".tar.gz"):
                continue
            if entry.filename in seen:
                continue
            local = STAGING / entry.filename
            sftp.get(f"{REMOTE_DIR}/{entry.filename}", str(local))
            dest = unpacker.unpack(local)
            LOG.info("%s -> %s", entry.filename, dest)
            seen.add(entry.filename)
            if not args.keep:
                local.unlink()
    finally:
        client.close()
    save_seen(seen)


if __name__ == "__main__":
    main()
