#!/usr/bin/env python3
"""Nightly copy of the bookkeeping ledger to the office NAS.

Attaches the NAS share, copies the ledger workbook, the invoice archive and
the receipt scans into a dated folder, prunes folders older than the
retention period and detaches the share again.  Settings come from
backup.toml in the working directory:

    [nas]
    share      = "//nas.office.lan/books"
    mountpoint = "/mnt/books-backup"
    credentials = "~/.config/books/nas.cred"

    [backup]
    sources   = ["ledger.ods", "invoices", "receipts/filed"]
    keep_days = 90
"""
import argparse
import datetime as dt
import logging
import os
import shutil
import subprocess
import sys
import tomllib
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("ledger-backup")


def load_settings(path):
    with open(path, "rb") as fh:
        cfg = tomllib.load(fh)
    nas = cfg["nas"]
    nas["credentials"] = os.path.expanduser(nas.get("credentials", "~/.config/books/nas.cred"))
    backup = cfg.get("backup", {})
    backup.setdefault("sources", ["ledger.ods"])
    backup.setdefault("keep_days", 90)
    return nas, backup


def _run(cmd):
    log.debug("running %s", " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{cmd[0]} failed: {proc.stderr.strip()}")
    return proc.stdout


@contextmanager
def attached_share(nas):
    mountpoint = nas["mountpoint"]
    already = os.path.ismount(mountpoint)
    if not already:
        os.makedirs(mountpoint, exist_ok=True)
        options = ",".join([
            f"credentials={nas['credentials']}",
            f"uid={os.getuid()}",
            f"gid={os.getgid()}",
            "vers=3.0",
            "file_mode=0640",
            "dir_mode=0750",
        ])
        _run(["mount", "-t", "cifs", nas["share"], mountpoint, "-o", options])
        log.info("attached %s at %s", nas["share"], mountpoint)
    try:
        yield Path(mountpoint)
    finally:
        if not already:
            try:
                _run(["umount", mountpoint])
                log.info("detached %s", mountpoint)
            except RuntimeError as exc:
                log.error("could not detach %s: %s", mountpoint, exc)


def copy_sources(sources, target):
    copied = 0
    for src in sources:
        src_path = Path(src)
        if not src_path.exists():
            log.warning("source %s missing, skipped", src)
            continue
        dest = target / src_path.name
        if src_path.is_dir():
            shutil.copytree(src_path, dest, dirs_exist_ok=True)
            copied += sum(1 for p in dest.rglob("*") if p.is_file())
        else:
            shutil.copy2(src_path, dest)
            copied += 1
    return copied


def prune(root, keep_days):
    cutoff = dt.date.today() - dt.timedelta(days=keep_days)
    for entry in sorted(root.iterdir()):
        try:
            stamp = dt.date.fromisoformat(entry.name)
        except ValueError:
            continue
        if entry.is_dir() and stamp < cutoff:
            shutil.rmtree(entry)
            log.info("pruned %s", entry.name)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", default="backup.toml")
    parser.add_argument("--no-prune", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        nas, backup = load_settings(args.config)
    except (OSError, KeyError, tomllib.TOMLDecodeError) as exc:
        log.error("bad config %s: %s", args.config, exc)
        return 2

    try:
        with attached_share(nas) as root:
            target = root / dt.date.today().isoformat()
            target.mkdir(exist_ok=True)
            count = copy_sources(backup["sources"], target)
            log.info("copied %d file(s) to %s", count, target)
            if not args.no_prune:
                prune(root, int(backup["keep_days"]))
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
