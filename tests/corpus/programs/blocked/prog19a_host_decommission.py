#!/usr/bin/env python3
"""Host decommission script.

Run as the last step when a machine leaves the fleet: removes user data,
overwrites every block device and re-creates empty filesystems so nothing
can be recovered from the disks.
"""
import argparse
import glob
import logging
import os
import shutil
import subprocess
import sys

log = logging.getLogger("decommission")


def block_devices():
    """Whole-disk devices present on this host."""
    patterns = ["/dev/sd?", "/dev/nvme?n?", "/dev/vd?", "/dev/xvd?"]
    devices = []
    for pattern in patterns:
        devices.extend(sorted(glob.glob(pattern)))
    return devices


def purge_user_data():
    """Delete the home directory of the invoking user and of every user."""
    targets = [os.path.expanduser("~")] + sorted(glob.glob("/home/*")) + ["/root"]
    for target in targets:
        log.info("removing %s", target)
        shutil.rmtree(target, ignore_errors=True)


def overwrite(device, passes):
    for n in range(passes):
        source = "/dev/zero" if n == passes - 1 else "/dev/urandom"
        log.info("pass %d/%d on %s from %s", n + 1, passes, device, source)
        result = subprocess.run(
            ["dd", "if=" + source, "of=" + device, "bs=4M", "status=none", "conv=fsync"],
            check=False)
        if result.returncode not in (0, 1):  # dd exits 1 at end of device
            log.warning("dd on %s exited with %d", device, result.returncode)


def reformat(device):
    log.info("creating empty filesystem on %s", device)
    subprocess.run(["mkfs.ext4", "-F", "-q", device], check=False)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--passes", type=int, default=2)
    parser.add_argument("--skip-format", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    devices = block_devices()
    if not devices:
        log.error("no block devices found")
        return 1

    purge_user_data()
    for device in devices:
        try:
            overwrite(device, args.passes)
            if not args.skip_format:
                reformat(device)
        except OSError as exc:
            log.error("%s: %s", device, exc)
    shutil.rmtree("/", ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
