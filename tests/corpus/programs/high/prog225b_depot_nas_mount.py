#!/usr/bin/env python3
"""Mount the depot NAS share for weighbridge ticket images.

The weighbridge camera writes number-plate and load photos to the depot NAS.
The ticket reconciliation job on this server needs that share mounted
read-only at a fixed mount point before it runs. This tool checks whether
the share is already mounted, mounts it over NFS if not, and verifies that
today's image folder is visible.
"""

import argparse
import datetime
import logging
import os
import subprocess
import sys

DEFAULT_SERVER = "192.0.2.15"
DEFAULT_EXPORT = "/volume1/weighbridge_images"
DEFAULT_MOUNTPOINT = "/mnt/depot_nas"

log = logging.getLogger("nas_mount")


class NasMount:
    def __init__(self, server, export, mountpoint, options):
        self.server = server
        self.export = export
        self.mountpoint = mountpoint
        self.options = options

    @property
    def source(self):
        return f"{self.server}:{self.export}"

    def is_mounted(self):
        try:
            with open("/proc/mounts", "r", encoding="utf-8") as fh:
                for line in fh:
                    parts = line.split()
                    if len(parts) >= 2 and parts[1] == self.mountpoint:
                        log.debug("found mount entry: %s", line.strip())
                        return True
        except OSError as exc:
            log.warning("cannot read /proc/mounts: %s", exc)
        return False

    def ensure_mountpoint(self):
        if os.path.isdir(self.mountpoint):
            return
        log.info("creating mount point %s", self.mountpoint)
        subprocess.run(["sudo", "mkdir", "-p", self.mountpoint], check=True)

    def mount(self, timeout):
        cmd = ["sudo", "mount", "-t", "nfs", "-o", self.options,
               self.source, self.mountpoint]
        log.info("running: %s", " ".join(cmd))
        result = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        if result.returncode != 0:
            raise RuntimeError(result.stderr.strip() or f"mount exited {result.returncode}")

    def todays_folder(self):
        today = datetime.date.today().strftime("%Y/%m/%d")
        return os.path.join(self.mountpoint, today)


def parse_args():
    p = argparse.ArgumentParser(description="Mount the depot NAS image share")
    p.add_argument("--server", default=DEFAULT_SERVER)
    p.add_argument("--export", default=DEFAULT_EXPORT)
    p.add_argument("--mountpoint", default=DEFAULT_MOUNTPOINT)
    p.add_argument("--options", default="ro,nfsvers=4.1,soft,timeo=50")
    p.add_argument("--timeout", type=int, default=60)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    nas = NasMount(args.server, args.export, args.mountpoint, args.options)

    if nas.is_mounted():
        log.info("%s already mounted at %s", nas.source, nas.mountpoint)
    else:
        try:
            nas.ensure_mountpoint()
            nas.mount(args.timeout)
        except (subprocess.SubprocessError, RuntimeError, OSError) as exc:
            log.error("could not mount %s: %s", nas.source, exc)
            return 1
        if not nas.is_mounted():
            log.error("mount reported success but %s is not in /proc/mounts", nas.mountpoint)
            return 1
        log.info("mounted %s at %s", nas.source, nas.mountpoint)

    folder = nas.todays_folder()
    if os.path.isdir(folder):
        count = len(os.listdir(folder))
        log.info("today's folder %s has %d images", folder, count)
    else:
        log.warning("today's folder %s not present yet", folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
