#!/usr/bin/env python3
"""Pull a backup archive from the backup host over SFTP and restore it.

Configuration lives in restore.yml:

    host: backup01.corp.example
    port: 22
    user: svc-restore
    remote_dir: /srv/backups/webapp
    local_dir: ./restore
    keep_archives: 3

Authentication uses the running ssh-agent. The newest archive (or the one
named with --archive) is downloaded into ./restore/archives, verified
against its .sha256 sidecar and unpacked into ./restore/<archive-stem>/.
"""

import argparse
import hashlib
import logging
import posixpath
import sys
import tarfile
from pathlib import Path

import paramiko
import yaml

log = logging.getLogger("restore")

DEFAULTS = {"port": 22, "local_dir": "./restore", "keep_archives": 3}


def read_config(path):
    with open(path, "r", encoding="utf-8") as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader)
    merged = dict(DEFAULTS)
    merged.update(cfg or {})
    for key in ("host", "user", "remote_dir"):
        if key not in merged:
            raise SystemExit(f"config is missing '{key}'")
    return merged


def connect(cfg):
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(cfg["host"], port=int(cfg["port"]), username=cfg["user"],
                   allow_agent=True, look_for_keys=False, timeout=20)
    return client


def newest_archive(sftp, remote_dir):
    entries = [e for e in sftp.listdir_attr(remote_dir) if e.filename.endswith(".tar.gz")]
    if not entries:
        raise SystemExit(f"no archives in {remote_dir}")
    entries.sort(key=lambda e: e.st_mtime, reverse=True)
    return entries[0].filename


def sha256_file(path):
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def download(sftp, remote_dir, name, dest_dir):
    dest_dir.mkdir(parents=True, exist_ok=True)
    local = dest_dir / name
    remote = posixpath.join(remote_dir, name)
    size = sftp.stat(remote).st_size

    def progress(done, total):
        if total and done == total:
            log.info("downloaded %s (%.1f MiB)", name, total / 1048576)

    sftp.get(remote, str(local), callback=progress)
    if local.stat().st_size != size:
        raise SystemExit("size mismatch after download")
    expected = None
    try:
        with sftp.open(remote + ".sha256") as fh:
            expected = fh.read().decode().split()[0]
    except IOError:
        log.warning("no checksum sidecar for %s", name)
    if expected and expected != sha256_file(local):
        local.unlink()
        raise SystemExit("checksum mismatch - archive discarded")
    return local


def unpack(archive, target_root):
    stem = archive.name[: -len(".tar.gz")]
    target = target_root / stem
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        members = tar.getmembers()
        log.info("extracting %d members into %s", len(members), target)
        tar.extractall(path=target)
    return target


def rotate(archive_dir, keep):
    archives = sorted(archive_dir.glob("*.tar.gz"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in archives[keep:]:
        log.info("removing old local archive %s", old.name)
        old.unlink()


def main():
    ap = argparse.ArgumentParser(description="pull and restore a backup archive")
    ap.add_argument("-c", "--config", default="restore.yml")
    ap.add_argument("--archive", help="specific archive file name")
    ap.add_argument("--download-only", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = read_config(args.config)
    local_root = Path(cfg["local_dir"])
    archive_dir = local_root / "archives"

    try:
        client = connect(cfg)
    except (paramiko.SSHException, OSError) as exc:
        log.error("cannot reach %s: %s", cfg["host"], exc)
        return 1
    try:
        sftp = client.open_sftp()
        name = args.archive or newest_archive(sftp, cfg["remote_dir"])
        log.info("selected %s", name)
        local = download(sftp, cfg["remote_dir"], name, archive_dir)
    finally:
        client.close()

    if not args.download_only:
        restored = unpack(local, local_root)
        print(f"restored into {restored}")
    rotate(archive_dir, int(cfg["keep_archives"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
