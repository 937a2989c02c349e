#!/usr/bin/env python3
"""Pull nightly product feeds from supplier SFTP drops.

Config (feeds.yml) lists each supplier's host, user, remote directory
and filename pattern.  New archives are downloaded into ./landing/<feed>
and unpacked next to themselves for the catalogue ETL to pick up.
"""
import argparse
import fnmatch
import logging
import os
import sys
import tarfile
from pathlib import Path

import paramiko
import yaml

log = logging.getLogger("vendor_pull")
LANDING = Path("landing")


def load_config(path):
    with open(path, "r", encoding="utf-8") as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(cfg, dict) or "feeds" not in cfg:
        raise ValueError(f"{path}: expected a mapping with a 'feeds' key")
    return cfg


def connect(feed):
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    password = os.environ.get(feed.get("password_env", ""), None)
    client.connect(
        hostname=feed["host"],
        port=int(feed.get("port", 22)),
        username=feed["user"],
        password=password,
        timeout=30,
        allow_agent=False,
        look_for_keys=False,
    )
    return client


def already_have(dest: Path, size: int) -> bool:
    return dest.exists() and dest.stat().st_size == size


def unpack(archive: Path):
    if not tarfile.is_tarfile(archive):
        return 0
    target = archive.with_suffix("").with_suffix("")
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive) as tf:
        members = tf.getmembers()
        tf.extractall(target)
    return len(members)


def pull_feed(name, feed, dry_run=False):
    dest_dir = LANDING / name
    dest_dir.mkdir(parents=True, exist_ok=True)
    pattern = feed.get("pattern", "*.tar.gz")
    fetched = 0
    client = connect(feed)
    try:
        sftp = client.open_sftp()
        sftp.chdir(feed.get("remote_dir", "/outgoing"))
        for attr in sftp.listdir_attr():
            if not fnmatch.fnmatch(attr.filename, pattern):
                continue
            dest = dest_dir / attr.filename
            if already_have(dest, attr.st_size):
                log.debug("%s: %s unchanged", name, attr.filename)
                continue
            log.info("%s: fetching %s (%d bytes)", name, attr.filename, attr.st_size)
            if dry_run:
                continue
            sftp.get(attr.filename, str(dest))
            n = unpack(dest)
            log.info("%s: unpacked %d members", name, n)
            fetched += 1
        sftp.close()
    finally:
        client.close()
    return fetched


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="feeds.yml")
    ap.add_argument("--only", action="append", help="limit to these feed names")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    cfg = load_config(args.config)
    failures = 0
    for name, feed in cfg["feeds"].items():
        if args.only and name not in args.only:
            continue
        if not feed.get("enabled", True):
            continue
        try:
            n = pull_feed(name, feed, args.dry_run)
            log.info("%s: %d new archive(s)", name, n)
        except (paramiko.SSHException, OSError) as exc:
            log.error("%s: failed: %s", name, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
