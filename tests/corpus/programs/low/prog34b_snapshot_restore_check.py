#!/usr/bin/env python3
"""Test-restore a snapshot archive into a scratch folder and verify it.

Restore drills are only useful if they are routine.  This tool picks the most
recent archive in ./snapshots (or the one given), extracts it under
./restore-drill/<name>/ using the tarfile "data" filter, and compares the
SHA-256 of every restored file with the digest stored in the archive's
MANIFEST.sha256 member when present.
"""
import argparse
import hashlib
import logging
import shutil
import sys
import tarfile
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("restore-drill")

MANIFEST_NAME = "MANIFEST.sha256"


@dataclass
class DrillResult:
    archive: str
    restored: int = 0
    verified: int = 0
    mismatched: list = field(default_factory=list)
    missing: list = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.mismatched and not self.missing


def sha256_of(path: Path, bufsize: int = 1 << 20) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        while True:
            block = fh.read(bufsize)
            if not block:
                break
            h.update(block)
    return h.hexdigest()


def latest_archive(snap_dir: Path) -> Path:
    candidates = [p for p in snap_dir.glob("*.tar*") if p.is_file()]
    if not candidates:
        raise FileNotFoundError(f"no archives found in {snap_dir}")
    return max(candidates, key=lambda p: p.stat().st_mtime)


def parse_manifest(text: str) -> dict:
    entries = {}
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            digest, name = line.split(None, 1)
        except ValueError:
            log.warning("manifest line %d malformed: %r", lineno, line)
            continue
        entries[name.lstrip("*")] = digest.lower()
    return entries


def restore(archive: Path, dest: Path) -> DrillResult:
    result = DrillResult(archive=archive.name)
    if dest.exists():
        log.info("clearing previous drill output %s", dest)
        shutil.rmtree(dest)
    dest.mkdir(parents=True)

    with tarfile.open(archive, "r:*") as tar:
        members = tar.getmembers()
        manifest = {}
        for m in members:
            if m.name == MANIFEST_NAME and m.isfile():
                raw = tar.extractfile(m).read().decode("utf-8", "replace")
                manifest = parse_manifest(raw)
                break
        # the "data" filter rejects absolute paths, links leaving dest, devices
        tar.extractall(path=dest, members=members, filter="data")
        result.restored = sum(1 for m in members if m.isfile())

    for name, expected in manifest.items():
        restored_file = dest / name
        if not restored_file.is_file():
            result.missing.append(name)
            continue
        actual = sha256_of(restored_file)
        if actual != expected:
            result.mismatched.append(name)
        else:
            result.verified += 1
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description="snapshot restore drill")
    parser.add_argument("archive", nargs="?", help="archive to test (default: newest)")
    parser.add_argument("--snapshots", default="snapshots", help="archive folder")
    parser.add_argument("--keep-output", action="store_true",
                        help="leave restored files in place for inspection")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    try:
        archive = Path(args.archive) if args.archive else latest_archive(Path(args.snapshots))
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 2

    dest = Path("restore-drill") / archive.name.split(".tar")[0]
    try:
        res = restore(archive, dest)
    except (tarfile.TarError, OSError) as exc:
        log.error("restore of %s failed: %s", archive, exc)
        return 1

    log.info("%s: %d files restored, %d verified", res.archive, res.restored, res.verified)
    for name in res.missing:
        log.error("missing after restore: %s", name)
    for name in res.mismatched:
        log.error("checksum mismatch: %s", name)

    if not args.keep_output:
        shutil.rmtree(dest, ignore_errors=True)
    return 0 if res.ok else 3


if __name__ == "__main__":
    sys.exit(main())
