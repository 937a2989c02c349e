#!/usr/bin/env python3
"""Nightly config backup for the legacy access switches.

The old distribution switches only export their running config over FTP.
This pulls each one into ./backups/<host>/, keeps the last N copies and
shows a unified diff against the previous copy using diff(1).
"""
import argparse
import configparser
import ftplib
import io
import logging
import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("switch_backup")


class SwitchTarget:
    def __init__(self, name, host, user, password, remote_path):
        self.name = name
        self.host = host
        self.user = user
        self.password = password
        self.remote_path = remote_path


def load_targets(cfg_path):
    cfg = configparser.ConfigParser()
    if not cfg.read(cfg_path):
        raise FileNotFoundError(cfg_path)
    defaults = cfg["defaults"] if cfg.has_section("defaults") else {}
    targets = []
    for section in cfg.sections():
        if section == "defaults":
            continue
        s = cfg[section]
        targets.append(SwitchTarget(
            section,
            s.get("host"),
            s.get("user", defaults.get("user", "backup")),
            s.get("password", defaults.get("password", "")),
            s.get("remote_path", defaults.get("remote_path", "running-config")),
        ))
    return targets


def fetch_config(t: SwitchTarget, timeout: int) -> bytes:
    buf = io.BytesIO()
    with ftplib.FTP(t.host, timeout=timeout) as ftp:
        ftp.login(t.user, t.password)
        ftp.retrbinary(f"RETR {t.remote_path}", buf.write)
    return buf.getvalue()


def prune(folder: Path, keep: int):
    files = sorted(folder.glob("*.cfg"))
    for old in files[:-keep]:
        old.unlink()
        LOG.debug("pruned %s", old)


def show_diff(prev: Path, cur: Path):
    proc = subprocess.run(["diff", "-u", str(prev), str(cur)],
                          capture_output=True, text=True)
    if proc.returncode == 0:
        LOG.info("%s: no changes", cur.parent.name)
    elif proc.returncode == 1:
        LOG.info("%s: config changed\n%s", cur.parent.name, proc.stdout[:4000])
    else:
        LOG.warning("diff failed: %s", proc.stderr.strip())


def backup_one(t: SwitchTarget, root: Path, keep: int, timeout: int) -> bool:
    try:
        data = fetch_config(t, timeout)
    except (ftplib.all_errors) as exc:
        LOG.error("%s (%s): %s", t.name, t.host, exc)
        return False
    folder = root / t.name
    folder.mkdir(parents=True, exist_ok=True)
    previous = sorted(folder.glob("*.cfg"))
    out = folder / f"{datetime.now():%Y%m%d-%H%M%S}.cfg"
    out.write_bytes(data)
    LOG.info("%s: saved %d bytes", t.name, len(data))
    if previous:
        show_diff(previous[-1], out)
    prune(folder, keep)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="switch_backup.ini")
    ap.add_argument("--out", default="backups")
    ap.add_argument("--keep", type=int, default=14)
    ap.add_argument("--timeout", type=int, default=20)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        targets = load_targets(args.config)
    except FileNotFoundError:
        LOG.error("config %s not found", args.config)
        return 2
    root = Path(args.out)
    failures = sum(not backup_one(t, root, args.keep, args.timeout) for t in targets)
    LOG.info("%d/%d switches backed up", len(targets) - failures, len(targets))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
