#!/usr/bin/env python3
"""Back up the current project folder to an external USB drive.

Mounts the drive (default /dev/sdb1) at /mnt/usb-backup, copies the project
with rsync into a dated folder, writes a manifest, and unmounts again.
"""
import argparse
import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path

MOUNT_POINT = "/mnt/usb-backup"
EXCLUDES = [".git/", "node_modules/", "__pycache__/", ".venv/", "*.pyc"]


def run(cmd: list, check: bool = True) -> subprocess.CompletedProcess:
    print("$ " + " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def is_mounted(path: str) -> bool:
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == path for line in fh)


def mount_drive(device: str) -> None:
    if is_mounted(MOUNT_POINT):
        return
    if not os.path.exists(device):
        raise SystemExit(f"device {device} not found - is the drive plugged in?")
    run(["sudo", "mkdir", "-p", MOUNT_POINT])
    run(["sudo", "mount", "-o", f"uid={os.getuid()},gid={os.getgid()}", device, MOUNT_POINT])


def unmount_drive() -> None:
    run(["sync"])
    run(["sudo", "umount", MOUNT_POINT], check=False)


def rsync_project(src: Path, dest: Path) -> str:
    cmd = ["rsync", "-a", "--stats", "--delete"]
    for pattern in EXCLUDES:
        cmd += ["--exclude", pattern]
    cmd += [f"{src}/", f"{dest}/"]
    result = run(cmd)
    return result.stdout


def write_manifest(dest: Path) -> int:
    count = 0
    with open(dest / "MANIFEST.txt", "w", encoding="utf-8") as fh:
        for path in sorted(dest.rglob("*")):
            if path.is_file() and path.name != "MANIFEST.txt":
                fh.write(f"{path.stat().st_size:>12}  {path.relative_to(dest)}\n")
                count += 1
    return count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--device", default="/dev/sdb1")
    parser.add_argument("--keep-mounted", action="store_true")
    args = parser.parse_args()

    project = Path.cwd()
    mount_drive(args.device)
    try:
        stamp = datetime.now().strftime("%Y-%m-%d_%H%M")
        dest = Path(MOUNT_POINT) / "backups" / project.name / stamp
        dest.mkdir(parents=True, exist_ok=True)
        stats = rsync_project(project, dest)
        files = write_manifest(dest)
        for line in stats.splitlines():
            if line.startswith(("Number of files", "Total transferred file size")):
                print("  " + line)
        print(f"Backed up {files} files to {dest}")
    finally:
        if not args.keep_mounted:
            unmount_drive()
    return 0


if __name__ == "__main__":
    sys.exit(main())
