#!/usr/bin/env python3
"""Offload a station datalogger's CF/USB card to the field archive.

Field techs bring back the logger cards from stations without telemetry.
The desktop automounts the card (volume label ``WXLOG*``) under
/media/$USER or /run/media/$USER; this helper finds it there, copies the
``.dat`` TOA5 tables into ``archive/<station>/`` with rsync and a date
stamp, and verifies the copied sizes.
"""

import argparse
import getpass
import glob
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("logger-offload")

MEDIA_ROOTS = ["/media/{user}", "/run/media/{user}"]


class CardCopy:
    """Copies TOA5 tables from one mounted card using rsync when available."""

    def __init__(self, mountpoint, dest):
        self.mountpoint = Path(mountpoint)
        self.dest = Path(dest)
        self.rsync = shutil.which("rsync")

    def _rsync(self, src, dest):
        cmd = [self.rsync, "-t", "--partial", str(src), str(dest)]
        LOG.debug("running %s", " ".join(cmd))
        subprocess.run(cmd, check=True, capture_output=True, text=True)

    def run(self):
        stamp = time.strftime("%Y%m%d")
        copied = 0
        for src in sorted(self.mountpoint.rglob("*.dat")):
            target = self.dest / f"{src.stem}_{stamp}{src.suffix}"
            target.parent.mkdir(parents=True, exist_ok=True)
            if self.rsync:
                self._rsync(src, target)
            else:
                shutil.copy2(src, target)
            if target.stat().st_size != src.stat().st_size:
                raise IOError(f"size mismatch copying {src}")
            copied += 1
        return copied


def find_cards():
    user = getpass.getuser()
    cards = []
    for pattern in MEDIA_ROOTS:
        for mnt in sorted(glob.glob(os.path.join(pattern.format(user=user), "WXLOG*"))):
            if os.path.ismount(mnt):
                cards.append((os.path.basename(mnt), mnt))
    return cards


def station_of(label):
    # labels look like WXLOG_ST017
    return label.split("_", 1)[1] if "_" in label else label


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--archive", type=Path, default=Path("archive"))
    ap.add_argument("--mountpoint", help="override: card already mounted here")
    ap.add_argument("--station", help="station id when --mountpoint is used")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if args.mountpoint:
        cards = [(f"WXLOG_{args.station or 'UNKNOWN'}", args.mountpoint)]
    else:
        cards = find_cards()
    if not cards:
        LOG.error("no mounted logger card found under %s", ", ".join(MEDIA_ROOTS))
        return 1

    rc = 0
    for label, mnt in cards:
        station = station_of(label)
        try:
            n = CardCopy(mnt, args.archive / station).run()
            LOG.info("%s (%s): %d tables archived", station, mnt, n)
        except subprocess.CalledProcessError as err:
            LOG.error("%s: rsync failed: %s", station, err.stderr.strip())
            rc = 1
        except OSError as err:
            LOG.error("%s: %s", station, err)
            rc = 1
    if rc == 0:
        LOG.info("cards can now be ejected from the file manager")
    return rc


if __name__ == "__main__":
    sys.exit(main())
