#!/usr/bin/env python3
"""Copy weekly BIM model snapshots to the office NAS.

Expects the NAS backup share to be attached already (IT automounts it at
login), writes a compressed tarball of every project's central models,
test-restores the tarball to make sure it is readable, and prunes snapshots
beyond the retention count.
"""
import argparse
import logging
import os
import shutil
import sys
import tarfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

log = logging.getLogger("bim-nas")


@dataclass
class NasTarget:
    share: str = "//nas01.studio.lan/bim-backup"
    mountpoint: Path = Path(os.environ.get("BIM_NAS_MOUNT", "/mnt/bim-backup"))
    keep: int = 8


def ensure_mounted(target):
    if not os.path.ismount(target.mountpoint):
        raise SystemExit(f"{target.share} is not mounted at {target.mountpoint}; "
                         "log out and back in, or ask IT to check the automount")
    if not os.access(target.mountpoint, os.W_OK):
        raise SystemExit(f"{target.mountpoint} is not writable for this user")
    log.info("%s mounted at %s", target.share, target.mountpoint)


def snapshot(projects_root, dest):
    stamp = datetime.now().strftime("%Y-%m-%d_%H%M")
    archive = dest / f"bim_{stamp}.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        for project in sorted(p for p in projects_root.iterdir() if p.is_dir()):
            central = project / "Central"
            if central.is_dir():
                tar.add(central, arcname=f"{project.name}/Central")
                log.info("added %s", project.name)
    return archive


def test_restore(archive, scratch):
    """Unpack into scratch and compare file counts with the archive listing."""
    if scratch.exists():
        shutil.rmtree(scratch)
    scratch.mkdir(parents=True)
    with tarfile.open(archive, "r:gz") as tar:
        members = [m for m in tar.getmembers() if m.isfile()]
        tar.extractall(scratch)
    restored = sum(1 for p in scratch.rglob("*") if p.is_file())
    shutil.rmtree(scratch)
    if restored != len(members):
        raise RuntimeError(f"restore mismatch: {restored} != {len(members)}")
    log.info("test restore ok (%d files)", restored)


def prune(dest, keep):
    snaps = sorted(dest.glob("bim_*.tar.gz"))
    for old in snaps[:-keep] if keep else []:
        log.info("pruning %s", old.name)
        old.unlink()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("projects_root", type=Path)
    ap.add_argument("--keep", type=int, default=NasTarget.keep)
    ap.add_argument("--scratch", type=Path, default=Path("restore_check"))
    ap.add_argument("--verify-only", type=Path, metavar="ARCHIVE",
                    help="only test-restore an existing snapshot")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    target = NasTarget(keep=args.keep)
    ensure_mounted(target)
    try:
        if args.verify_only:
            test_restore(args.verify_only, args.scratch)
            return 0
        dest = target.mountpoint / os.uname().nodename
        dest.mkdir(exist_ok=True)
        archive = snapshot(args.projects_root, dest)
        test_restore(archive, args.scratch)
        prune(dest, target.keep)
    except (OSError, RuntimeError, tarfile.TarError) as exc:
        log.error("backup failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
