#!/usr/bin/env python3
"""Copy weekly BIM model snapshots to the office NAS.

Attaches the NAS backup share, writes a compressed tarball of every project's
central models, test-restores the tarball to make sure it is readable, and
prunes snapshots beyond the retention count.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tarfile
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

log = logging.getLogger("bim-nas")


@dataclass
class NasTarget:
    share: str = "//nas01.studio.lan/bim-backup"
    mountpoint: Path = Path("/mnt/bim-backup")
    credentials: Path = Path.home() / ".config" / "bim-nas.cred"
    keep: int = 8
    options: list = field(default_factory=lambda: ["vers=3.0", "iocharset=utf8"])

    def mount_options(self):
        opts = list(self.options)
        opts += [f"credentials={self.credentials}", f"uid={os.getuid()}",
                 f"gid={os.getgid()}", "file_mode=0640", "dir_mode=0750"]
        return ",".join(opts)


def ensure_mounted(target):
    if os.path.ismount(target.mountpoint):
        log.info("%s already mounted", target.mountpoint)
        return False
    if not target.credentials.exists():
        raise SystemExit(f"credentials file {target.credentials} missing")
    os.chmod(target.credentials, 0o600)
    cmd = ["sudo", "-n", "mount", "-t", "cifs", target.share,
           str(target.mountpoint), "-o", target.mount_options()]
    log.info("mounting %s", target.share)
    subprocess.run(["sudo", "-n", "mkdir", "-p", str(target.mountpoint)], check=True)
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"mount failed: {result.stderr.strip()}")
    return True


def release(target):
    subprocess.run(["sudo", "-n", "umount", str(target.mountpoint)], check=False)


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
    ap.add_argument("--leave-mounted", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    target = NasTarget(keep=args.keep)
    mounted_here = ensure_mounted(target)
    try:
        dest = target.mountpoint / os.uname().nodename
        dest.mkdir(exist_ok=True)
        archive = snapshot(args.projects_root, dest)
        test_restore(archive, args.scratch)
        prune(dest, target.keep)
    except (OSError, RuntimeError, tarfile.TarError) as exc:
        log.error("backup failed: %s", exc)
        return 1
    finally:
        if mounted_here and not args.leave_mounted:
            release(target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
