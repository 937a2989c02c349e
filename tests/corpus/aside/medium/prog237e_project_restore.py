#!/usr/bin/env python3
"""Restore an archived client project from the backup NAS.

Finds the newest archive for a project on the NAS archive share, checks it
against the .sha256 file written by the nightly job, and unpacks it into a
restore folder in the current directory for the engineer to open.
"""
import argparse
import logging
import os
import subprocess
import sys
import tarfile
from pathlib import Path

LOG = logging.getLogger("restore")

DEFAULT_ARCHIVE_ROOT = Path(os.environ.get("ARCHIVE_ROOT", "/mnt/nas/archive"))

VERIFY_CMD = 'cd "$ARCHIVE_DIR" && sha256sum --quiet -c "$SUM_FILE"'


class ArchiveSet:
    def __init__(self, root: Path, project: str):
        self.root = root
        self.project = project

    def candidates(self):
        pattern = f"{self.project}_*.tar*"
        found = sorted(self.root.glob(pattern), key=lambda p: p.stat().st_mtime)
        return [p for p in found if not p.name.endswith(".sha256")]

    def newest(self):
        items = self.candidates()
        return items[-1] if items else None


def verify(archive: Path) -> bool:
    sum_file = archive.with_name(archive.name + ".sha256")
    if not sum_file.exists():
        LOG.warning("no checksum file for %s", archive.name)
        return False
    env = dict(os.environ, ARCHIVE_DIR=str(archive.parent), SUM_FILE=sum_file.name)
    proc = subprocess.run(["bash", "-c", VERIFY_CMD], env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("checksum mismatch: %s", proc.stdout.strip() or proc.stderr.strip())
        return False
    return True


def unpack(archive: Path, dest: Path) -> int:
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:*") as tar:
        members = tar.getmembers()
        LOG.info("unpacking %d entries into %s", len(members), dest)
        tar.extractall(path=dest)
    return len(members)


def disk_free(path: Path) -> int:
    out = subprocess.run(["df", "--output=avail", "-B1", str(path)],
                         capture_output=True, text=True).stdout.split()
    return int(out[-1]) if out and out[-1].isdigit() else -1


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("project", help="project slug, e.g. smith_ep_2023")
    ap.add_argument("--archive-root", type=Path, default=DEFAULT_ARCHIVE_ROOT)
    ap.add_argument("--dest", type=Path, default=Path("restore"))
    ap.add_argument("--list", action="store_true", help="list archives and exit")
    ap.add_argument("--skip-verify", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.archive_root.is_dir():
        LOG.error("archive share %s not mounted", args.archive_root)
        return 1
    aset = ArchiveSet(args.archive_root, args.project)
    if args.list:
        for p in aset.candidates():
            print(f"{p.stat().st_size:>14,d}  {p.name}")
        return 0

    archive = aset.newest()
    if archive is None:
        LOG.error("no archive for %s", args.project)
        return 1
    LOG.info("newest archive: %s", archive.name)

    free = disk_free(Path.cwd())
    if 0 <= free < archive.stat().st_size * 2:
        LOG.error("not enough space here (%d bytes free)", free)
        return 1
    if not args.skip_verify and not verify(archive):
        return 1
    try:
        n = unpack(archive, args.dest / args.project)
    except (tarfile.TarError, OSError) as exc:
        LOG.error("unpack failed: %s", exc)
        return 1
    LOG.info("restored %d entries", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
