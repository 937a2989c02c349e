#!/usr/bin/env python3
"""Collect the nightly diary backups from each salon branch.

Every branch's back-office box dumps its booking diary and client records
to /srv/salonpos/backups at 02:00. Head office runs this at 04:00 to copy
the newest dump from each branch over SFTP into ./branch_backups/<branch>/
and keep the last N copies.

branches.ini:
    [kensington]
    host = 10.8.1.10
    user = backup
    key = keys/kensington_ed25519
"""
import argparse
import configparser
import logging
import stat
import sys
from pathlib import Path

import paramiko

log = logging.getLogger("diary_backup")

REMOTE_DIR = "/srv/salonpos/backups"


class BranchLink:
    def __init__(self, name: str, section: configparser.SectionProxy):
        self.name = name
        self.host = section["host"]
        self.port = section.getint("port", 22)
        self.user = section.get("user", "backup")
        self.key = section.get("key")
        self.client = paramiko.SSHClient()

    def __enter__(self):
        self.client.load_system_host_keys()
        self.client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        self.client.connect(self.host, port=self.port, username=self.user,
                            key_filename=self.key, timeout=20, banner_timeout=20)
        self.sftp = self.client.open_sftp()
        return self

    def __exit__(self, *exc):
        try:
            self.sftp.close()
        finally:
            self.client.close()

    def newest_dump(self, remote_dir: str):
        entries = [e for e in self.sftp.listdir_attr(remote_dir)
                   if stat.S_ISREG(e.st_mode) and e.filename.endswith((".sql.gz", ".dump"))]
        if not entries:
            return None
        return max(entries, key=lambda e: e.st_mtime)

    def fetch(self, remote_path: str, local_path: Path, expected: int) -> None:
        part = local_path.with_suffix(local_path.suffix + ".part")
        self.sftp.get(remote_path, str(part))
        if part.stat().st_size != expected:
            part.unlink()
            raise IOError(f"size mismatch for {remote_path}")
        part.replace(local_path)


def prune(folder: Path, keep: int) -> None:
    dumps = sorted(folder.glob("*.sql.gz"), key=lambda p: p.stat().st_mtime) + \
        sorted(folder.glob("*.dump"), key=lambda p: p.stat().st_mtime)
    for old in dumps[:-keep] if keep else []:
        old.unlink()
        log.info("pruned %s", old)


def backup_branch(name: str, section, dest: Path, keep: int) -> bool:
    target = dest / name
    target.mkdir(parents=True, exist_ok=True)
    try:
        with BranchLink(name, section) as link:
            newest = link.newest_dump(section.get("remote_dir", REMOTE_DIR))
            if newest is None:
                log.warning("%s: no dumps found", name)
                return False
            local = target / newest.filename
            if local.exists() and local.stat().st_size == newest.st_size:
                log.info("%s: %s already copied", name, newest.filename)
            else:
                link.fetch(f"{section.get('remote_dir', REMOTE_DIR)}/{newest.filename}",
                           local, newest.st_size)
                log.info("%s: copied %s (%d bytes)", name, newest.filename, newest.st_size)
    except (paramiko.SSHException, OSError) as exc:
        log.error("%s: backup failed: %s", name, exc)
        return False
    prune(target, keep)
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--branches", type=Path, default=Path("branches.ini"))
    ap.add_argument("--dest", type=Path, default=Path("branch_backups"))
    ap.add_argument("--keep", type=int, default=14)
    ap.add_argument("--only", nargs="*", help="limit to these branches")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.branches):
        log.error("cannot read %s", args.branches)
        return 2
    names = [n for n in cfg.sections() if not args.only or n in args.only]
    results = {n: backup_branch(n, cfg[n], args.dest, args.keep) for n in names}
    failed = [n for n, ok in results.items() if not ok]
    log.info("%d/%d branches backed up", len(names) - len(failed), len(names))
    if failed:
        log.warning("failed: %s", ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
