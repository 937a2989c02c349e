#!/usr/bin/env python3
"""Pull the maintenance logbook archive from the upper station PC.

The upper station has no direct network share, so the nightly job tars
the logbook there and we fetch it over SSH, unpack it into ./logbook and
index the entries by date.
"""
import argparse
import csv
import hashlib
import logging
import os
import tarfile
import tempfile
from pathlib import Path

import paramiko

log = logging.getLogger("logbook_pull")

REMOTE_ARCHIVE = "/srv/logbook/nightly/logbook.tar.gz"


class UpperStation:
    def __init__(self, host, user, key_file):
        self.host = host
        self.user = user
        self.key_file = key_file
        self.client = paramiko.SSHClient()
        # upper station PC gets reimaged every winter, host key changes
        self.client.set_missing_host_key_policy(paramiko.AutoAddPolicy())

    def __enter__(self):
        self.client.connect(self.host, username=self.user,
                            key_filename=self.key_file, timeout=20)
        return self

    def __exit__(self, *exc):
        self.client.close()

    def fetch(self, remote, local):
        with self.client.open_sftp() as sftp:
            sftp.get(remote, local)
        log.info("fetched %s (%d bytes)", remote, os.path.getsize(local))


def unpack(archive, dest):
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(dest)
    log.info("unpacked into %s", dest)


def checksum(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def index_entries(dest, out_csv):
    rows = []
    for p in sorted(dest.rglob("*.txt")):
        first = p.read_text(errors="replace").splitlines()[:1]
        rows.append((p.relative_to(dest), first[0] if first else ""))
    with open(out_csv, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["file", "title"])
        w.writerows(rows)
    return len(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default="198.51.100.61")
    ap.add_argument("--user", default="logbook")
    ap.add_argument("--key", default=os.environ.get("LOGBOOK_SSH_KEY"),
                    help="private key file; defaults to the SSH agent")
    ap.add_argument("--dest", default="./logbook", type=Path)
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    local = tempfile.mktemp(suffix=".tar.gz", prefix="logbook_")
    try:
        with UpperStation(args.host, args.user, args.key) as st:
            st.fetch(REMOTE_ARCHIVE, local)
        log.info("sha256 %s", checksum(local))
        unpack(local, args.dest)
        n = index_entries(args.dest, "logbook_index.csv")
        log.info("indexed %d entries", n)
    except (paramiko.SSHException, OSError, tarfile.TarError) as exc:
        log.error("pull failed: %s", exc)
        return 1
    finally:
        if os.path.exists(local):
            os.remove(local)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
