#!/usr/bin/env python3
"""Pull drilling logs from the rig data loggers into the job archive.

Each rig carries an embedded Linux logger (DrillTrak DT-200) that records
depth, ROP, torque, WOB and mud pressure to /data/logs/<job>/*.csv.  When a
rig is back in the yard it joins the workshop Wi-Fi; this script walks the
rig list in rigs.ini, connects to each logger over SFTP and copies any log
files we do not already have, verifying size after transfer.
"""
import argparse
import configparser
import logging
import os
import stat
import sys
import time
from pathlib import Path

import paramiko

log = logging.getLogger("rig_pull")


class LoggerClient:
    """Thin wrapper round an SSH/SFTP session to one rig logger."""

    host_key_policy = paramiko.AutoAddPolicy
    remote_root = "/data/logs"

    def __init__(self, host: str, username: str, password: str, port: int = 22):
        self.host = host
        self.username = username
        self.password = password
        self.port = port
        self.ssh = None
        self.sftp = None

    def __enter__(self):
        self.ssh = paramiko.SSHClient()
        self.ssh.load_system_host_keys()
        self.ssh.set_missing_host_key_policy(self.host_key_policy())
        self.ssh.connect(self.host, port=self.port, username=self.username,
                         password=self.password, timeout=15, banner_timeout=15,
                         look_for_keys=False, allow_agent=False)
        self.sftp = self.ssh.open_sftp()
        return self

    def __exit__(self, *exc):
        if self.sftp:
            self.sftp.close()
        if self.ssh:
            self.ssh.close()

    def walk_logs(self):
        """Yield (job, remote_path, size, mtime) for every CSV on the logger."""
        for job_attr in self.sftp.listdir_attr(self.remote_root):
            if not stat.S_ISDIR(job_attr.st_mode):
                continue
            job_dir = f"{self.remote_root}/{job_attr.filename}"
            for f in self.sftp.listdir_attr(job_dir):
                if f.filename.lower().endswith(".csv") and stat.S_ISREG(f.st_mode):
                    yield job_attr.filename, f"{job_dir}/{f.filename}", f.st_size, f.st_mtime

    def fetch(self, remote: str, local: Path, size: int) -> None:
        tmp = local.with_suffix(local.suffix + ".part")
        self.sftp.get(remote, str(tmp))
        if tmp.stat().st_size != size:
            tmp.unlink()
            raise IOError(f"size mismatch on {remote}")
        tmp.rename(local)


def pull_rig(name: str, section, archive: Path, password: str, retries: int) -> int:
    for attempt in range(1, retries + 1):
        try:
            copied = 0
            with LoggerClient(section["host"], section.get("user", "drilltrak"),
                              password, section.getint("port", 22)) as client:
                for job, remote, size, mtime in client.walk_logs():
                    dest_dir = archive / job / "rig_logs" / name
                    dest = dest_dir / Path(remote).name
                    if dest.exists() and dest.stat().st_size == size:
                        continue
                    dest_dir.mkdir(parents=True, exist_ok=True)
                    client.fetch(remote, dest, size)
                    os.utime(dest, (mtime, mtime))
                    copied += 1
            return copied
        except (paramiko.SSHException, OSError) as exc:
            log.warning("%s attempt %d/%d: %s", name, attempt, retries, exc)
            time.sleep(5 * attempt)
    raise RuntimeError(f"{name}: logger unreachable")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rigs", type=Path, default=Path("rigs.ini"))
    ap.add_argument("--archive", type=Path, default=Path("job_archive"))
    ap.add_argument("--only", nargs="*", help="rig names to pull")
    ap.add_argument("--retries", type=int, default=3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    password = os.environ.get("DRILLTRAK_PASSWORD")
    if not password:
        log.error("set DRILLTRAK_PASSWORD")
        return 2

    cfg = configparser.ConfigParser()
    if not cfg.read(args.rigs):
        log.error("cannot read %s", args.rigs)
        return 2

    failed = []
    for name in cfg.sections():
        if args.only and name not in args.only:
            continue
        try:
            n = pull_rig(name, cfg[name], args.archive, password, args.retries)
            log.info("%s: %d new log file(s)", name, n)
        except RuntimeError as exc:
            log.error("%s", exc)
            failed.append(name)
    if failed:
        log.error("not reached: %s", ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
