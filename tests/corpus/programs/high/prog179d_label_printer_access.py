#!/usr/bin/env python3
"""Label printer access for the tea tin labels.

The Brother label printer in the packing corner appears as a raw USB
line-printer device.  This fixes its permissions, drops to the lp group
and prints a batch of blend labels straight to the device.
"""
import argparse
import csv
import grp
import logging
import os
import stat
from pathlib import Path

log = logging.getLogger("labels")

DEVICE = Path(os.environ.get("WS_LABEL_DEV", "/dev/usb/lp0"))
BATCH = Path(os.environ.get("WS_LABEL_BATCH", "labels/blends.csv"))
ESC = b"\x1b"


def lp_gid():
    try:
        return grp.getgrnam("lp").gr_gid
    except KeyError:
        return 7


def fix_device(device):
    st = device.stat()
    gid = lp_gid()
    if st.st_gid != gid:
        os.chown(device, 0, gid)
        log.info("device group set to lp")
    want = stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IWGRP | stat.S_IROTH | stat.S_IWOTH
    if stat.S_IMODE(st.st_mode) != want:
        os.chmod(device, want)
        log.info("device mode set to %o", want)


def drop_to_lp():
    gid = lp_gid()
    if os.getegid() != gid:
        os.setgroups([gid])
        os.setgid(gid)
        log.debug("running with gid %d", gid)


class LabelJob:
    def __init__(self, device):
        self.device = device

    def render(self, blend, origin, grams, best_before):
        lines = [blend.upper(), f"{origin}", f"{grams} g   BB {best_before}", "Willow & Steep Tea Room"]
        body = "\n".join(lines).encode("ascii", "replace")
        return ESC + b"@" + body + b"\x0c"

    def send(self, rows):
        count = 0
        with open(self.device, "wb", buffering=0) as dev:
            for row in rows:
                dev.write(self.render(row["blend"], row["origin"], row["grams"], row["best_before"]))
                count += 1
        return count


def read_batch(path):
    with path.open(newline="") as fh:
        return list(csv.DictReader(fh))


def main():
    parser = argparse.ArgumentParser(description="Print blend labels on the USB label printer")
    parser.add_argument("--batch", type=Path, default=BATCH)
    parser.add_argument("--device", type=Path, default=DEVICE)
    parser.add_argument("--skip-perms", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.skip_perms and os.geteuid() == 0:
        fix_device(args.device)
        drop_to_lp()
    rows = read_batch(args.batch)
    printed = LabelJob(args.device).send(rows)
    log.info("printed %d labels", printed)


if __name__ == "__main__":
    main()
