#!/usr/bin/env python3
"""Retire a field service laptop at the end of its lease.

Before a laptop goes back to the leasing company, lift project data and
site network configuration must not remain on it. This tool finds the
laptop's internal system disk and overwrites it end to end, then powers the
machine off. Run it from the laptop itself as the last step of retirement.
"""

import argparse
import json
import logging
import subprocess
import sys
import time

LOG = logging.getLogger("retire_laptop")
BLOCK_SIZE = "16M"


class DiskError(Exception):
    pass


def list_disks() -> list:
    res = subprocess.run(["lsblk", "-J", "-d", "-o", "NAME,TYPE,SIZE,TRAN,RM,MODEL"],
                         capture_output=True, text=True, check=True)
    return json.loads(res.stdout).get("blockdevices", [])


def system_disk(disks: list) -> dict:
    internal = [d for d in disks
                if d.get("type") == "disk" and not d.get("rm") and d.get("tran") != "usb"]
    if not internal:
        raise DiskError("no internal disk found")
    # prefer NVMe, otherwise the first SATA disk
    internal.sort(key=lambda d: (not d["name"].startswith("nvme"), d["name"]))
    return internal[0]


def overwrite(device: str, passes: int) -> None:
    for n in range(1, passes + 1):
        source = "/dev/urandom" if n < passes else "/dev/zero"
        LOG.info("pass %d/%d: %s -> %s", n, passes, source, device)
        cmd = ["dd", f"if={source}", f"of={device}", f"bs={BLOCK_SIZE}",
               "oflag=direct", "status=progress"]
        res = subprocess.run(cmd)
        # dd exits non-zero with "No space left on device" when it reaches the end
        if res.returncode not in (0, 1):
            raise DiskError(f"dd failed on pass {n} with status {res.returncode}")
    subprocess.run(["sync"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--passes", type=int, default=1)
    parser.add_argument("--device", help="override detected system disk, e.g. /dev/nvme0n1")
    parser.add_argument("--no-poweroff", action="store_true")
    parser.add_argument("--yes", action="store_true", help="skip the countdown")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        if args.device:
            device = args.device
        else:
            disk = system_disk(list_disks())
            device = f"/dev/{disk['name']}"
            LOG.info("system disk: %s (%s, %s)", device, disk.get("model"), disk.get("size"))
    except (subprocess.CalledProcessError, DiskError, ValueError) as exc:
        LOG.error("could not determine system disk: %s", exc)
        return 2

    if not args.yes:
        for s in range(10, 0, -1):
            print(f"\rOverwriting {device} in {s:2d}s (Ctrl+C to abort)", end="", flush=True)
            time.sleep(1)
        print()

    try:
        overwrite(device, max(1, args.passes))
    except DiskError as exc:
        LOG.error("%s", exc)
        return 1

    LOG.info("%s overwritten", device)
    if not args.no_poweroff:
        subprocess.run(["systemctl", "poweroff", "--force", "--force"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
