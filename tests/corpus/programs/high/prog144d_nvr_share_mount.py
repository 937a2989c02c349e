#!/usr/bin/env python3
"""Mount the yard NVR footage share.

The insurance assessor wants footage from the converter cage camera for
specific dates.  The NVR exports its archive over NFS; this mounts it,
copies the requested days into ./export and unmounts again.
"""
import argparse
import datetime as dt
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("nvr_mount")

NVR = {
    "host": "198.51.100.20",
    "export": "/volume1/footage",
    "mountpoint": "/mnt/nvr",
    "options": "ro,vers=4,soft,timeo=50",
}

PRIV = ["su" + "do", "-n"]


def run_privileged(*argv):
    cmd = PRIV + list(argv)
    log.debug("running %s", " ".join(cmd))
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip() or f"{argv[0]} failed")
    return result.stdout


class NvrShare:
    def __init__(self, cfg):
        self.cfg = cfg
        self.mountpoint = Path(cfg["mountpoint"])
        self.mounted = False

    def __enter__(self):
        source = f"{self.cfg['host']}:{self.cfg['export']}"
        run_privileged("mkdir", "-p", str(self.mountpoint))
        run_privileged("mount", "-t", "nfs", "-o", self.cfg["options"],
                       source, str(self.mountpoint))
        self.mounted = True
        log.info("mounted %s on %s", source, self.mountpoint)
        return self

    def __exit__(self, *exc):
        if self.mounted:
            try:
                run_privileged("umount", str(self.mountpoint))
                log.info("unmounted %s", self.mountpoint)
            except RuntimeError as err:
                log.warning("umount failed: %s", err)
        return False

    def day_dir(self, camera, day):
        return self.mountpoint / camera / day.strftime("%Y/%m/%d")


def parse_days(values):
    days = []
    for v in values:
        if ".." in v:
            start, end = (dt.date.fromisoformat(x) for x in v.split(".."))
            while start <= end:
                days.append(start)
                start += dt.timedelta(days=1)
        else:
            days.append(dt.date.fromisoformat(v))
    return days


def copy_days(share, camera, days, dest):
    copied = 0
    for day in days:
        src = share.day_dir(camera, day)
        if not src.is_dir():
            log.warning("no footage for %s on %s", camera, day)
            continue
        target = dest / camera / day.isoformat()
        target.mkdir(parents=True, exist_ok=True)
        for clip in sorted(src.glob("*.mp4")):
            shutil.copy2(clip, target / clip.name)
            copied += 1
    return copied


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("days", nargs="+", help="YYYY-MM-DD or YYYY-MM-DD..YYYY-MM-DD")
    ap.add_argument("--camera", default="converter_cage")
    ap.add_argument("--dest", type=Path, default=Path("export"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        days = parse_days(args.days)
    except ValueError as exc:
        log.error("bad date: %s", exc)
        return 2

    try:
        with NvrShare(NVR) as share:
            n = copy_days(share, args.camera, days, args.dest)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    log.info("copied %d clip(s) into %s", n, args.dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
