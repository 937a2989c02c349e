#!/usr/bin/env python3
"""Rotate project backups onto a removable "offsite" disk.

Finds the labelled backup disk by scanning /dev/disk/by-label, mounts it,
copies the newest archives from ./backups with rsync, verifies them and
unmounts again.  The flow is built from small steps that each implement a
context-manager protocol, so an error in any step unwinds the ones before
it (in particular the mount).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import logging
import os
import shlex
import shutil
import subprocess
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, List, Optional

log = logging.getLogger("offsite")

BY_LABEL = Path("/dev/disk/by-label")
MOUNT_POINT = Path("/mnt/offsite")


@dataclass
class RotationConfig:
    label: str = "OFFSITE-A"
    source: Path = Path("backups")
    keep_on_disk: int = 10
    fs_options: str = "noatime,nodev,nosuid"
    dry_run: bool = False

    @classmethod
    def load(cls, path: Path) -> "RotationConfig":
        cfg = cls()
        if path.exists():
            for key, value in json.loads(path.read_text()).items():
                if key == "source":
                    value = Path(value)
                if hasattr(cfg, key):
                    setattr(cfg, key, value)
        return cfg


class CommandRunner:
    """Runs commands, escalating with sudo when asked to."""

    def __init__(self, dry_run: bool):
        self.dry_run = dry_run

    def run(self, argv: List[str], privileged: bool = False, check: bool = True) -> subprocess.CompletedProcess:
        if privileged and os.geteuid() != 0:
            argv = ["sudo", "--non-interactive", *argv]
        log.debug("$ %s", shlex.join(argv))
        if self.dry_run:
            return subprocess.CompletedProcess(argv, 0, "", "")
        return subprocess.run(argv, check=check, capture_output=True, text=True)


def find_device(label: str) -> Optional[Path]:
    candidate = BY_LABEL / label
    if candidate.exists():
        return candidate.resolve()
    return None


@contextmanager
def mounted(runner: CommandRunner, device: Path, target: Path, options: str) -> Iterator[Path]:
    runner.run(["mkdir", "-p", str(target)], privileged=True)
    runner.run(["mount", "-o", options, str(device), str(target)], privileged=True)
    log.info("mounted %s on %s", device, target)
    try:
        yield target
    finally:
        runner.run(["sync"])
        runner.run(["umount", str(target)], privileged=True, check=False)
        log.info("unmounted %s", target)


@contextmanager
def writable_dir(runner: CommandRunner, path: Path) -> Iterator[Path]:
    """Make a per-user directory on the disk owned by the invoking user."""
    uid, gid = os.getuid(), os.getgid()
    runner.run(["install", "-d", "-o", str(uid), "-g", str(gid), "-m", "0700", str(path)], privileged=True)
    yield path


def newest_archives(source: Path, count: int) -> List[Path]:
    archives = [p for p in source.glob("*.tar.*") if p.is_file()]
    return sorted(archives, key=lambda p: p.stat().st_mtime, reverse=True)[:count]


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


class Rotation:
    def __init__(self, cfg: RotationConfig, runner: CommandRunner):
        self.cfg = cfg
        self.runner = runner
        self.copied: List[Path] = []

    def copy(self, dest: Path) -> None:
        files = newest_archives(self.cfg.source, self.cfg.keep_on_disk)
        if not files:
            log.warning("nothing to copy from %s", self.cfg.source)
            return
        self.runner.run(["rsync", "-a", "--partial", *map(str, files), str(dest) + "/"])
        self.copied = files

    def verify(self, dest: Path) -> int:
        bad = 0
        if self.cfg.dry_run:
            return 0
        for src in self.copied:
            copy = dest / src.name
            if not copy.exists() or sha256_file(copy) != sha256_file(src):
                log.error("verification failed for %s", src.name)
                bad += 1
        return bad

    def prune(self, dest: Path) -> None:
        on_disk = sorted(dest.glob("*.tar.*"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in on_disk[self.cfg.keep_on_disk:]:
            log.info("removing old offsite copy %s", old.name)
            if not self.cfg.dry_run:
                old.unlink()

    def report(self, dest: Path) -> None:
        usage = shutil.disk_usage(dest) if not self.cfg.dry_run else None
        if usage:
            log.info("offsite disk: %.1f GiB free of %.1f GiB", usage.free / 2**30, usage.total / 2**30)

    def execute(self) -> int:
        device = find_device(self.cfg.label)
        if device is None:
            log.error("no disk labelled %s is attached", self.cfg.label)
            return 2
        with ExitStack() as stack:
            root = stack.enter_context(mounted(self.runner, device, MOUNT_POINT, self.cfg.fs_options))
            dest = stack.enter_context(writable_dir(self.runner, root / os.environ.get("USER", "backup")))
            self.copy(dest)
            bad = self.verify(dest)
            if bad == 0:
                self.prune(dest)
            self.report(dest)
        return 0 if bad == 0 else 1


def main() -> int:
    ap = argparse.ArgumentParser(description="copy ./backups to the offsite disk")
    ap.add_argument("--config", type=Path, default=Path("offsite.json"))
    ap.add_argument("--label")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(levelname)s %(message)s")

    cfg = RotationConfig.load(args.config)
    if args.label:
        cfg.label = args.label
    cfg.dry_run = cfg.dry_run or args.dry_run
    try:
        return Rotation(cfg, CommandRunner(cfg.dry_run)).execute()
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s\n%s", shlex.join(exc.cmd), exc.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
