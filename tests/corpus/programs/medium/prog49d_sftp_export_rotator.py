#!/usr/bin/env python3
"""Push the nightly CSV exports in ./exports to the reporting box over SFTP
and keep only the newest N copies on the remote side.

Authentication uses whatever the running ssh-agent offers.
"""
import argparse
import logging
import posixpath
import stat
import sys
from pathlib import Path

import paramiko

log = logging.getLogger("sftp-rotator")


class Rotator:
    def __init__(self, host: str, user: str, port: int, remote_dir: str, keep: int):
        self.host, self.user, self.port = host, user, port
        self.remote_dir = remote_dir
        self.keep = keep
        self.client = paramiko.SSHClient()
        self.client.load_system_host_keys()
        # reporting boxes get re-imaged often; accept their new keys
        self.client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        self.sftp = None

    def __enter__(self):
        self.client.connect(self.host, port=self.port, username=self.user,
                            allow_agent=True, look_for_keys=False, timeout=20)
        self.sftp = self.client.open_sftp()
        return self

    def __exit__(self, *exc):
        if self.sftp:
            self.sftp.close()
        self.client.close()

    def ensure_remote_dir(self):
        try:
            self.sftp.stat(self.remote_dir)
        except FileNotFoundError:
            log.info("creating %s", self.remote_dir)
            self.sftp.mkdir(self.remote_dir)

    def upload(self, local: Path) -> None:
        target = posixpath.join(self.remote_dir, local.name)
        partial = target + ".part"
        self.sftp.put(str(local), partial, confirm=True)
        self.sftp.posix_rename(partial, target)
        log.info("uploaded %s (%d bytes)", local.name, local.stat().st_size)

    def prune(self, prefix: str) -> int:
        entries = [e for e in self.sftp.listdir_attr(self.remote_dir)
                   if e.filename.startswith(prefix) and stat.S_ISREG(e.st_mode)]
        entries.sort(key=lambda e: e.st_mtime, reverse=True)
        removed = 0
        for old in entries[self.keep:]:
            self.sftp.remove(posixpath.join(self.remote_dir, old.filename))
            removed += 1
        return removed


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("host")
    ap.add_argument("--user", default="reports")
    ap.add_argument("--port", type=int, default=22)
    ap.add_argument("--remote-dir", default="/srv/reports/incoming")
    ap.add_argument("--exports", type=Path, default=Path("exports"))
    ap.add_argument("--prefix", default="sales_")
    ap.add_argument("--keep", type=int, default=14)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    files = sorted(args.exports.glob(f"{args.prefix}*.csv"))
    if not files:
        log.warning("no exports matching %s*.csv", args.prefix)
        return 0
    try:
        with Rotator(args.host, args.user, args.port, args.remote_dir, args.keep) as rot:
            rot.ensure_remote_dir()
            for f in files:
                rot.upload(f)
            log.info("pruned %d old file(s)", rot.prune(args.prefix))
    except (paramiko.SSHException, OSError) as exc:
        log.error("transfer failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
