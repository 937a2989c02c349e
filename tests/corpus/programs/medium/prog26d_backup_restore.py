#!/usr/bin/env python3
"""Restore files from a .tar.gz backup made by the desktop backup helper.

The archive is unpacked into a staging folder, optionally filtered by a glob,
and the selected files are copied into the target folder (./restored by
default).  Existing files are kept unless --overwrite is given.
"""
import argparse
import fnmatch
import logging
import os
import shutil
import sys
import tarfile
import tempfile
from pathlib import Path

log = logging.getLogger("restore")


def default_backup_dir() -> Path:
    if sys.platform == "win32":
        return Path(os.environ["LOCALAPPDATA"]) / "DeskBackup" / "archives"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "DeskBackup" / "archives"
    return Path.home() / ".local" / "share" / "deskbackup" / "archives"


def staging_dir() -> Path:
    if os.name == "nt":
        path = Path(tempfile.mktemp(prefix="deskbackup-restore-"))
    else:
        path = Path("/tmp/deskbackup-restore")
    if path.exists():
        shutil.rmtree(path)
    path.mkdir(parents=True)
    return path


def newest_archive(folder: Path) -> Path:
    archives = sorted(folder.glob("*.tar.gz"), key=lambda p: p.stat().st_mtime)
    if not archives:
        raise FileNotFoundError(f"no .tar.gz archives in {folder}")
    return archives[-1]


def list_archive(archive: Path) -> None:
    with tarfile.open(archive, "r:gz") as tar:
        for member in tar.getmembers():
            if member.isfile():
                print(f"{member.size:>12,}  {member.name}")


def unpack(archive: Path) -> Path:
    stage = staging_dir()
    log.info("unpacking %s into %s", archive.name, stage)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(stage)
    return stage


def copy_selected(stage: Path, target: Path, pattern: str, overwrite: bool) -> int:
    copied = 0
    for src in stage.rglob("*"):
        if not src.is_file():
            continue
        rel = src.relative_to(stage)
        if not fnmatch.fnmatch(rel.as_posix(), pattern):
            continue
        dest = target / rel
        if dest.exists() and not overwrite:
            log.info("skip (exists): %s", rel)
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dest)
        copied += 1
    return copied


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("archive", nargs="?", type=Path,
                    help="archive to restore (default: newest in the backup folder)")
    ap.add_argument("--target", type=Path, default=Path("restored"))
    ap.add_argument("--only", default="*", help="glob of paths to restore, e.g. 'Documents/*.docx'")
    ap.add_argument("--overwrite", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--keep-staging", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        archive = args.archive or newest_archive(default_backup_dir())
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 2
    if args.list:
        list_archive(archive)
        return 0

    stage = unpack(archive)
    try:
        args.target.mkdir(parents=True, exist_ok=True)
        n = copy_selected(stage, args.target, args.only, args.overwrite)
        log.info("restored %d file(s) into %s", n, args.target.resolve())
    finally:
        if not args.keep_staging:
            shutil.rmtree(stage, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
