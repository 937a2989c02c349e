#!/usr/bin/env python3
"""Forensic triage of a raw disk image.

Attaches the image read-only through a loop device, mounts the chosen
partition with noexec/nodev, hashes and copies a short list of triage
artifacts into ./cases/<case-id>/, then unmounts and detaches.  Needs sudo for
the loop/mount steps; everything it writes stays in the case folder.
"""
import argparse
import csv
import hashlib
import logging
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

LOG = logging.getLogger("image-triage")

ARTIFACTS = [
    "etc/passwd",
    "etc/group",
    "etc/hostname",
    "etc/crontab",
    "var/log/auth.log",
    "var/log/syslog",
    "root/.bash_history",
]
GLOBS = ["home/*/.bash_history", "etc/cron.d/*", "etc/systemd/system/*.service", "tmp/*"]


def sudo(*cmd, capture=False):
    full = ["sudo", "-n", *cmd]
    LOG.debug("exec: %s", " ".join(full))
    res = subprocess.run(full, check=True, text=True,
                         stdout=subprocess.PIPE if capture else None)
    return res.stdout.strip() if capture else None


@contextmanager
def loop_attached(image: Path):
    dev = sudo("losetup", "--find", "--show", "--read-only", "--partscan", str(image), capture=True)
    LOG.info("image attached at %s", dev)
    try:
        yield dev
    finally:
        sudo("losetup", "--detach", dev)
        LOG.info("detached %s", dev)


@contextmanager
def mounted(device: str, mountpoint: Path, fstype: str):
    mountpoint.mkdir(parents=True, exist_ok=True)
    opts = "ro,noexec,nodev,nosuid"
    if fstype in ("ext3", "ext4"):
        opts += ",noload"
    sudo("mount", "-t", fstype, "-o", opts, device, str(mountpoint))
    LOG.info("mounted %s on %s (%s)", device, mountpoint, opts)
    try:
        yield mountpoint
    finally:
        sudo("umount", str(mountpoint))


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def collect(root: Path, dest: Path, writer):
    targets = [root / rel for rel in ARTIFACTS]
    for pattern in GLOBS:
        targets.extend(sorted(root.glob(pattern)))
    copied = 0
    for src in targets:
        rel = src.relative_to(root)
        try:
            if not src.is_file() or src.is_symlink():
                continue
            out = dest / rel
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, out)
            stat = src.stat()
            writer.writerow([str(rel), stat.st_size, int(stat.st_mtime), sha256_of(out)])
            copied += 1
        except PermissionError:
            LOG.warning("no permission for %s (try the root-owned copy step)", rel)
        except OSError as exc:
            LOG.warning("skip %s: %s", rel, exc)
    return copied


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("image", type=Path)
    ap.add_argument("--case", required=True, help="case identifier, e.g. IR-2024-031")
    ap.add_argument("--partition", type=int, default=1)
    ap.add_argument("--fstype", default="ext4")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.image.is_file():
        LOG.error("image %s not found", args.image)
        return 2
    case_dir = Path("cases") / args.case
    art_dir = case_dir / "artifacts"
    art_dir.mkdir(parents=True, exist_ok=True)
    (case_dir / "image.sha256").write_text(f"{sha256_of(args.image)}  {args.image.name}\n")

    try:
        with loop_attached(args.image) as dev, \
                mounted(f"{dev}p{args.partition}", case_dir / "mnt", args.fstype) as root, \
                (case_dir / "artifacts.csv").open("w", newline="") as fh:
            writer = csv.writer(fh)
            writer.writerow(["path", "size", "mtime", "sha256"])
            n = collect(root, art_dir, writer)
            LOG.info("copied %d artifacts into %s", n, art_dir)
    except subprocess.CalledProcessError as exc:
        LOG.error("privileged step failed (%s); is passwordless sudo configured?", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
