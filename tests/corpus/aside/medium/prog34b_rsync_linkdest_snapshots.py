#!/usr/bin/env python3
"""Time-machine style snapshots with rsync --link-dest.

Reads jobs from an INI file (default ./rsync-jobs.ini):

    [documents]
    source = ~/Documents/
    dest   = backups/documents
    keep   = 14
    exclude = *.tmp, .cache/

Each run creates dest/<YYYY-mm-dd_HHMMSS>/ hard-linked against the previous
snapshot, updates dest/latest, and prunes snapshots beyond `keep`.
"""
import argparse
import configparser
import datetime
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("linkdest")
STAMP_FMT = "%Y-%m-%d_%H%M%S"


class RsyncJob:
    def __init__(self, name, section):
        self.name = name
        self.source = os.path.expanduser(section.get("source"))
        self.dest = Path(section.get("dest", f"backups/{name}"))
        self.keep = section.getint("keep", fallback=10)
        self.excludes = [e.strip() for e in section.get("exclude", "").split(",") if e.strip()]
        self.bwlimit = section.get("bwlimit", "")

    def snapshots(self):
        if not self.dest.is_dir():
            return []
        snaps = []
        for p in self.dest.iterdir():
            try:
                datetime.datetime.strptime(p.name, STAMP_FMT)
            except ValueError:
                continue
            if p.is_dir():
                snaps.append(p)
        return sorted(snaps)

    def build_cmd(self, target: Path, previous):
        cmd = ["rsync", "-aHAX", "--numeric-ids", "--delete", "--stats"]
        for pattern in self.excludes:
            cmd.append(f"--exclude={pattern}")
        if self.bwlimit:
            cmd.append(f"--bwlimit={self.bwlimit}")
        if previous is not None:
            cmd.append(f"--link-dest={previous.resolve()}")
        cmd += [self.source, str(target) + "/"]
        return cmd

    def run(self, dry_run=False):
        self.dest.mkdir(parents=True, exist_ok=True)
        existing = self.snapshots()
        previous = existing[-1] if existing else None
        target = self.dest / datetime.datetime.now().strftime(STAMP_FMT)
        cmd = self.build_cmd(target, previous)
        log.info("[%s] %s", self.name, " ".join(cmd))
        if dry_run:
            return True
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode not in (0, 24):  # 24 = files vanished during transfer
            log.error("[%s] rsync exited %d: %s", self.name, proc.returncode,
                      proc.stderr.strip()[-500:])
            shutil.rmtree(target, ignore_errors=True)
            return False
        for line in proc.stdout.splitlines():
            if line.startswith(("Number of regular files transferred", "Total transferred")):
                log.info("[%s] %s", self.name, line)
        self._update_latest(target)
        self.prune()
        return True

    def _update_latest(self, target):
        link = self.dest / "latest"
        if link.is_symlink() or link.exists():
            link.unlink()
        link.symlink_to(target.name)

    def prune(self):
        snaps = self.snapshots()
        for old in snaps[:-self.keep] if self.keep > 0 else []:
            log.info("[%s] pruning %s", self.name, old.name)
            shutil.rmtree(old)


def load_jobs(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise SystemExit(f"cannot read job file {path}")
    return [RsyncJob(name, cfg[name]) for name in cfg.sections()]


def main():
    ap = argparse.ArgumentParser(description="rsync link-dest snapshot runner")
    ap.add_argument("-c", "--config", default="rsync-jobs.ini")
    ap.add_argument("-j", "--job", action="append", help="only run these jobs")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("--log-file", default="linkdest.log")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s",
                        handlers=[logging.StreamHandler(), logging.FileHandler(args.log_file)])

    if shutil.which("rsync") is None:
        log.error("rsync not found in PATH")
        return 127

    failures = 0
    for job in load_jobs(args.config):
        if args.job and job.name not in args.job:
            continue
        if not job.run(dry_run=args.dry_run):
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
