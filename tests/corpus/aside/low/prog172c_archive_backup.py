#!/usr/bin/env python3
"""Weekly backup of the digitisation workspace.

Walks the scanning team's working folder (lock-keeper diaries, toll
tickets, boat gauging registers), packs the files into a dated archive
with a checksum manifest, and keeps the last few archives.  The working
files themselves are left untouched.
"""
import argparse
import hashlib
import json
import logging
import os
import tarfile
import time
from dataclasses import dataclass, field
from functools import wraps
from pathlib import Path

log = logging.getLogger("digitise-backup")


def timed(fn):
    @wraps(fn)
    def inner(*a, **kw):
        start = time.monotonic()
        result = fn(*a, **kw)
        log.info("%s took %.1fs", fn.__name__, time.monotonic() - start)
        return result
    return inner


@dataclass
class Plan:
    source: Path
    target: Path
    keep: int = 6
    include: tuple = (".tif", ".jpg", ".pdf", ".xml", ".csv", ".txt")
    skip_dirs: tuple = (".git", "__pycache__", "backups")
    files: list = field(default_factory=list)


def sha256_of(path: Path, chunk=1 << 20):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


@timed
def collect(plan: Plan):
    for dirpath, dirnames, filenames in os.walk(plan.source):
        dirnames[:] = [d for d in dirnames if d not in plan.skip_dirs]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in plan.include:
                plan.files.append(p)
    log.info("%d files selected", len(plan.files))
    return plan.files


@timed
def pack(plan: Plan):
    plan.target.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    archive = plan.target / f"digitise-{stamp}.tar.gz"
    manifest = {}
    with tarfile.open(archive, "w:gz") as tar:
        for p in plan.files:
            rel = p.relative_to(plan.source)
            manifest[str(rel)] = sha256_of(p)
            tar.add(p, arcname=str(rel))
    manifest_path = archive.with_suffix("").with_suffix(".manifest.json")
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True))
    os.chmod(archive, 0o600)
    os.chmod(manifest_path, 0o600)
    return archive


def verify(archive: Path):
    manifest_path = archive.with_suffix("").with_suffix(".manifest.json")
    expected = json.loads(manifest_path.read_text())
    with tarfile.open(archive, "r:gz") as tar:
        names = set(tar.getnames())
    missing = sorted(set(expected) - names)
    if missing:
        log.error("archive %s missing %d entries", archive.name, len(missing))
    return not missing


def rotate(plan: Plan):
    archives = sorted(plan.target.glob("digitise-*.tar.gz"))
    for old in archives[:-plan.keep] if plan.keep > 0 else []:
        old.with_suffix("").with_suffix(".manifest.json").unlink(missing_ok=True)
        old.unlink()
        log.info("rotated out %s", old.name)


STAGES = {"collect": collect, "pack": pack}


def main():
    parser = argparse.ArgumentParser(description="Back up the digitisation workspace")
    parser.add_argument("--source", type=Path, default=Path(os.environ.get("DIGITISE_DIR", ".")))
    parser.add_argument("--target", type=Path, default=Path("backups"))
    parser.add_argument("--keep", type=int, default=6)
    parser.add_argument("--no-verify", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    plan = Plan(source=args.source.resolve(), target=args.target.resolve(), keep=args.keep)
    STAGES["collect"](plan)
    if not plan.files:
        log.warning("nothing to back up")
        return
    archive = STAGES["pack"](plan)
    if not args.no_verify and not verify(archive):
        raise SystemExit(1)
    rotate(plan)
    print(archive)


if __name__ == "__main__":
    main()
