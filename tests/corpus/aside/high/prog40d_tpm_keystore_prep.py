#!/usr/bin/env python3
"""Prepare the TPM resource manager so the key-sealing service can use it.

Loads the TPM driver if needed and hands /dev/tpmrm0 to the service group.
"""
import argparse
import grp
import logging
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("tpm-prep")
DRIVERS = ("tpm_crb", "tpm_tis")
DEVICES = (Path("/dev/tpmrm0"), Path("/dev/tpm0"))


def module_loaded(name: str) -> bool:
    try:
        with open("/proc/modules") as fh:
            return any(line.split()[0] == name for line in fh)
    except OSError:
        return False


def load_driver() -> bool:
    for drv in DRIVERS:
        if module_loaded(drv):
            LOG.info("driver %s already loaded", drv)
            return True
        proc = subprocess.run(["modprobe", drv], capture_output=True, text=True)
        if proc.returncode == 0:
            LOG.info("loaded %s", drv)
            return True
        LOG.debug("modprobe %s: %s", drv, proc.stderr.strip())
    return False


def wait_for(dev: Path, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if dev.exists():
            return True
        time.sleep(0.2)
    return dev.exists()


def hand_over(dev: Path, group: str, mode: int) -> None:
    gid = grp.getgrnam(group).gr_gid
    st = dev.stat()
    if not stat.S_ISCHR(st.st_mode):
        raise RuntimeError(f"{dev} is not a character device")
    if st.st_gid != gid:
        os.chown(dev, 0, gid)
        LOG.info("%s group -> %s", dev, group)
    if stat.S_IMODE(st.st_mode) != mode:
        os.chmod(dev, mode)
        LOG.info("%s mode -> %o", dev, mode)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--group", default="tss")
    ap.add_argument("--mode", default="660", help="octal mode for the device node")
    ap.add_argument("--raw-too", action="store_true", help="also hand over /dev/tpm0")
    ap.add_argument("--wait", type=float, default=5.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    mode = int(args.mode, 8)
    if not load_driver():
        LOG.error("no TPM driver could be loaded")
        return 1
    targets = DEVICES if args.raw_too else DEVICES[:1]
    failures = 0
    for dev in targets:
        if not wait_for(dev, args.wait):
            LOG.error("%s did not appear", dev)
            failures += 1
            continue
        try:
            hand_over(dev, args.group, mode)
        except (KeyError, PermissionError, RuntimeError) as exc:
            LOG.error("%s: %s", dev, exc)
            failures += 1
    if failures == 0:
        LOG.info("TPM ready for group %s", args.group)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
