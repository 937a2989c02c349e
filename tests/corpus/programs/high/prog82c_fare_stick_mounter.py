#!/usr/bin/env python3
"""Import offline fare tables from a depot USB stick.

Field technicians carry a stick labelled FARESTICK with the current fare
tables (for vending machines that have no backhaul). This tool waits for the
stick, mounts it read-only, copies the tables listed in SHA256SUMS into
./fares/incoming and unmounts again.
"""
import argparse
import hashlib
import logging
import os
import shlex
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("fare-stick")

LABEL_DIR = Path("/dev/disk/by-label")
MOUNTPOINT = Path("/mnt/farestick")
DEST = Path("fares/incoming")


def priv_prefix():
    """Command prefix for the mount helpers (kiosk user has a sudoers entry)."""
    return shlex.split(os.environ.get("FARESTICK_PRIV", "sudo -n"))


def run(cmd, **kw):
    log.debug("exec: %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


def wait_for_stick(label, timeout):
    dev = LABEL_DIR / label
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if dev.exists():
            real = dev.resolve()
            log.info("found %s -> %s", dev, real)
            return real
        time.sleep(1)
    return None


@contextmanager
def mounted(device):
    prefix = priv_prefix()
    run(prefix + ["mkdir", "-p", str(MOUNTPOINT)])
    run(prefix + ["mount", "-t", "vfat", "-o", "ro,nosuid,nodev,noexec,uid=%d" % os.getuid(),
                  str(device), str(MOUNTPOINT)])
    log.info("mounted %s on %s", device, MOUNTPOINT)
    try:
        yield MOUNTPOINT
    finally:
        for attempt in range(3):
            try:
                run(prefix + ["umount", str(MOUNTPOINT)])
                log.info("unmounted %s", MOUNTPOINT)
                break
            except subprocess.CalledProcessError as exc:
                log.warning("umount busy (%s), retrying", exc.stderr.strip())
                time.sleep(1 + attempt)


def read_sums(root):
    sums = {}
    for line in (root / "SHA256SUMS").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        digest, name = line.split(None, 1)
        sums[name.lstrip("*")] = digest
    return sums


def copy_tables(root, dest):
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for name, digest in read_sums(root).items():
        src = root / name
        if not src.is_file() or Path(name).is_absolute() or ".." in Path(name).parts:
            log.warning("skipping %s", name)
            continue
        data = src.read_bytes()
        if hashlib.sha256(data).hexdigest() != digest:
            log.error("%s: checksum mismatch, not imported", name)
            continue
        target = dest / Path(name).name
        target.write_bytes(data)
        copied += 1
    return copied


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--label", default="FARESTICK")
    ap.add_argument("--wait", type=int, default=120, help="seconds to wait for the stick")
    ap.add_argument("--dest", type=Path, default=DEST)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    device = wait_for_stick(args.label, args.wait)
    if device is None:
        log.error("no stick labelled %s within %ds", args.label, args.wait)
        return 1
    try:
        with mounted(device) as root:
            n = copy_tables(root, args.dest)
    except subprocess.CalledProcessError as exc:
        log.error("mount helper failed: %s", exc.stderr.strip() or exc)
        return 1
    except (OSError, ValueError) as exc:
        log.error("import failed: %s", exc)
        return 1
    log.info("imported %d fare tables into %s", n, args.dest)
    if n:
        (args.dest / ".last-import").write_text(time.strftime("%Y-%m-%dT%H:%M:%S\n"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
