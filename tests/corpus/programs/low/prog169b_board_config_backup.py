#!/usr/bin/env python3
"""Nightly snapshot of the departure board configuration.

Walks the board config tree, packs every file into a dated archive under
./backups and keeps the last N archives. The config files themselves are
only read, never touched.
"""
import argparse
import hashlib
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("board-backup")

SKIP_SUFFIXES = {".swp", ".tmp", ".lock"}


@dataclass
class Plan:
    source: Path
    dest: Path
    keep: int = 14
    compress: str = "gz"
    stamp: str = field(default_factory=lambda: time.strftime("%Y%m%d-%H%M%S"))

    def archive_path(self):
        return self.dest / f"boardcfg-{self.stamp}.tar.{self.compress}"


def walk(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in sorted(filenames):
            p = Path(dirpath) / name
            if p.suffix in SKIP_SUFFIXES or not p.is_file():
                continue
            yield p


def fingerprint(path, chunk=1 << 16):
    h = hashlib.md5()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


class Archiver:
    backend = "tar" + "file"

    def __init__(self, plan):
        self.plan = plan
        self._tar = importlib.import_module(self.backend)

    def build(self):
        self.plan.dest.mkdir(parents=True, exist_ok=True)
        target = self.plan.archive_path()
        manifest = {}
        opener = getattr(self._tar, "open")
        with opener(target, f"w:{self.plan.compress}") as tar:
            for path in walk(self.plan.source):
                rel = path.relative_to(self.plan.source)
                tar.add(str(path), arcname=str(rel))
                manifest[str(rel)] = fingerprint(path)
        manifest_path = target.with_suffix(target.suffix + ".json")
        manifest_path.write_text(json.dumps(manifest, indent=2, sort_keys=True))
        os.chmod(target, 0o600)
        os.chmod(manifest_path, 0o600)
        log.info("archived %d files into %s", len(manifest), target.name)
        return target, manifest


def unchanged_since_last(plan, manifest):
    previous = sorted(plan.dest.glob("boardcfg-*.json"))
    previous = [p for p in previous if plan.stamp not in p.name]
    if not previous:
        return False
    return json.loads(previous[-1].read_text()) == manifest


def rotate(plan):
    archives = sorted(plan.dest.glob("boardcfg-*.tar.*[!n]"))
    for old in archives[:-plan.keep] if plan.keep > 0 else []:
        side = old.with_suffix(old.suffix + ".json")
        old.unlink()
        if side.exists():
            side.unlink()
        log.info("rotated out %s", old.name)


def main():
    ap = argparse.ArgumentParser(description="Back up board configuration")
    ap.add_argument("--source", type=Path, default=Path(os.environ.get("BOARD_CONFIG", "config")))
    ap.add_argument("--dest", type=Path, default=Path("backups"))
    ap.add_argument("--keep", type=int, default=14)
    ap.add_argument("--compress", choices=["gz", "bz2", "xz"], default="gz")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.source.is_dir():
        log.error("config directory %s not found", args.source)
        return 1
    plan = Plan(args.source, args.dest, args.keep, args.compress)
    target, manifest = Archiver(plan).build()
    if unchanged_since_last(plan, manifest):
        log.info("no changes since previous snapshot")
    rotate(plan)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
