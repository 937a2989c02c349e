#!/usr/bin/env python3
"""Back up the roller disco's event photos.

Walks the photo folder from the glow-skate and birthday-party sessions,
packs new or changed photos into a dated archive in the backup folder and
writes a checksum manifest next to it. The originals are left where they
are; only old archives beyond the retention count are pruned.
"""
import argparse
import hashlib
import json
import logging
import os
import tarfile
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

log = logging.getLogger("photo-backup")

PHOTO_DIR = Path(os.environ.get("PHOTO_DIR", "photos"))
BACKUP_DIR = Path(os.environ.get("PHOTO_BACKUP_DIR", "backups"))
STATE_FILE = ".photo_backup_state.json"
PHOTO_EXT = {".jpg", ".jpeg", ".png", ".heic", ".mp4"}


def sha256_of(path, bufsize=1 << 20):
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(bufsize), b""):
            digest.update(block)
    return digest.hexdigest()


@dataclass
class BackupRun:
    source: Path
    target: Path
    keep: int
    state: dict = field(default_factory=dict)
    picked: list = field(default_factory=list)

    @property
    def state_path(self):
        return self.target / STATE_FILE

    def load_state(self):
        if self.state_path.exists():
            self.state = json.loads(self.state_path.read_text())

    def save_state(self):
        self.state_path.write_text(json.dumps(self.state, indent=1, sort_keys=True))
        self.state_path.chmod(0o600)

    def scan(self, full):
        for path in sorted(self.source.rglob("*")):
            if not path.is_file() or path.suffix.lower() not in PHOTO_EXT:
                continue
            rel = str(path.relative_to(self.source))
            digest = sha256_of(path)
            if full or self.state.get(rel) != digest:
                self.picked.append((path, rel, digest))

    def pack(self):
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        archive = self.target / f"photos-{stamp}.tar.gz"
        with tarfile.open(archive, "w:gz") as tar:
            for path, rel, _ in self.picked:
                tar.add(path, arcname=rel)
        manifest = {rel: digest for _, rel, digest in self.picked}
        archive.with_suffix(".manifest.json").write_text(json.dumps(manifest, indent=1))
        self.state.update(manifest)
        log.info("archive %s with %d photos", archive.name, len(self.picked))
        return archive

    def prune(self):
        archives = sorted(self.target.glob("photos-*.tar.gz"))
        for old in archives[: max(0, len(archives) - self.keep)]:
            old.unlink()
            old.with_suffix(".manifest.json").unlink(missing_ok=True)
            log.info("pruned %s", old.name)


def verify(target):
    bad = 0
    for archive in sorted(target.glob("photos-*.tar.gz")):
        with tarfile.open(archive, "r:gz") as tar:
            names = set(tar.getnames())
        manifest = json.loads(archive.with_suffix(".manifest.json").read_text())
        missing = set(manifest) - names
        if missing:
            bad += 1
            log.warning("%s missing %d entries", archive.name, len(missing))
    return bad


def main():
    parser = argparse.ArgumentParser(description="Back up event photos")
    parser.add_argument("mode", choices=("incremental", "full", "verify"), nargs="?", default="incremental")
    parser.add_argument("--keep", type=int, default=14)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    BACKUP_DIR.mkdir(parents=True, exist_ok=True)
    if args.mode == "verify":
        return 1 if verify(BACKUP_DIR) else 0

    run = BackupRun(PHOTO_DIR, BACKUP_DIR, args.keep)
    run.load_state()
    run.scan(full=args.mode == "full")
    if not run.picked:
        log.info("nothing new to back up")
        return 0
    steps = {"pack": run.pack, "state": run.save_state, "prune": run.prune}
    for name in ("pack", "state", "prune"):
        steps[name]()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
