"""Task callables that attach the partner NFS landing zone, copy the day's
files into the local raw area, and detach again."""
import argparse
import logging
import os
import shutil
import subprocess
from contextlib import contextmanager
from pathlib import Path

LOG = logging.getLogger("landing_zone")

MOUNTS = {
    "acme": ("nfs-landing.partners.internal:/exports/acme", "/mnt/landing/acme"),
    "globex": ("nfs-landing.partners.internal:/exports/globex", "/mnt/landing/globex"),
}
MOUNT_OPTS = "ro,vers=4.1,noatime,hard,timeo=600"


def _run(argv):
    LOG.debug("exec %s", " ".join(argv))
    proc = subprocess.run(argv, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{argv[1]} failed: {proc.stderr.strip()}")
    return proc.stdout


def is_mounted(mountpoint: str) -> bool:
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == mountpoint for line in fh)


@contextmanager
def landing_mount(partner: str):
    export, mountpoint = MOUNTS[partner]
    already = is_mounted(mountpoint)
    if not already:
        _run(["sudo", "mkdir", "-p", mountpoint])
        _run(["sudo", "mount", "-t", "nfs4", "-o", MOUNT_OPTS, export, mountpoint])
        LOG.info("mounted %s on %s", export, mountpoint)
    try:
        yield Path(mountpoint)
    finally:
        if not already:
            _run(["sudo", "umount", "-l", mountpoint])
            LOG.info("unmounted %s", mountpoint)


def copy_partition(src_root: Path, ds: str, dest_root: Path) -> int:
    src = src_root / ds
    if not src.is_dir():
        LOG.warning("no partition %s", src)
        return 0
    dest = dest_root / ds
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for entry in sorted(src.iterdir()):
        if entry.suffix not in {".csv", ".gz", ".parquet"}:
            continue
        target = dest / entry.name
        if target.exists() and target.stat().st_size == entry.stat().st_size:
            continue
        shutil.copy2(entry, target)
        copied += 1
    return copied


def ingest_partner(partner: str, ds: str, raw_root: Path) -> int:
    with landing_mount(partner) as root:
        n = copy_partition(root, ds, raw_root / partner)
    LOG.info("%s %s: %d files copied", partner, ds, n)
    return n


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("ds")
    ap.add_argument("--partner", choices=sorted(MOUNTS), action="append")
    ap.add_argument("--raw-root", type=Path, default=Path(os.environ.get("RAW_ROOT", "raw")))
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.v else logging.INFO)

    total = 0
    for partner in args.partner or sorted(MOUNTS):
        try:
            total += ingest_partner(partner, args.ds, args.raw_root)
        except RuntimeError as exc:
            LOG.error("%s: %s", partner, exc)
    LOG.info("total files: %d", total)


if __name__ == "__main__":
    main()
