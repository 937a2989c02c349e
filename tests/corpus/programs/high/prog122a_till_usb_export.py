#!/usr/bin/env python3
"""Copy the week's till exports onto the accountant's USB stick.

The accountant picks up a USB stick labelled TILLEXPORT every Monday.  The
till PC is a locked-down kiosk with no desktop automounter, so this finds
the stick by its label, mounts it, copies last week's Z-reports and VAT
summaries into a dated folder, writes a checksum list and unmounts it so it
can be pulled straight out.
"""
import argparse
import hashlib
import logging
import os
import shutil
import subprocess
import sys
import time
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("usbexport")

LABEL_DIR = Path("/dev/disk/by-label")


class StickError(Exception):
    pass


class Stick:
    def __init__(self, label, mountpoint):
        self.label = label
        self.mountpoint = Path(mountpoint).resolve()
        self.device = None

    def locate(self, wait=30):
        link = LABEL_DIR / self.label
        for _ in range(wait):
            if link.exists():
                self.device = os.path.realpath(link)
                return self.device
            time.sleep(1)
        raise StickError(f"no USB stick labelled {self.label} (plugged in?)")

    def _sudo(self, *argv):
        cmd = ["sudo", "-n", *argv]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode:
            raise StickError(f"{' '.join(argv[:2])}: {r.stderr.strip()}")
        return r.stdout

    def __enter__(self):
        self.mountpoint.mkdir(exist_ok=True)
        opts = f"uid={os.getuid()},gid={os.getgid()},umask=022,flush"
        self._sudo("mount", "-t", "vfat", "-o", opts, self.device, str(self.mountpoint))
        log.info("mounted %s on %s", self.device, self.mountpoint)
        return self

    def __exit__(self, *exc):
        os.sync()
        try:
            self._sudo("umount", str(self.mountpoint))
            log.info("unmounted, the stick can come out now")
        except StickError as e:
            log.error("could not unmount: %s - do NOT pull the stick yet", e)
        return False


def week_files(export_dir, week_start):
    days = {(week_start + timedelta(days=i)).isoformat() for i in range(7)}
    for p in sorted(Path(export_dir).glob("*")):
        if p.is_file() and any(d in p.name for d in days):
            yield p


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def copy_week(files, target):
    target.mkdir(parents=True, exist_ok=True)
    lines = []
    for f in files:
        shutil.copy2(f, target / f.name)
        lines.append(f"{sha256(f)}  {f.name}")
        log.info("  %s", f.name)
    (target / "SHA256SUMS.txt").write_text("\n".join(lines) + "\n")
    return len(lines)


def main():
    ap = argparse.ArgumentParser(description="weekly till export to USB")
    ap.add_argument("--exports", default="exports")
    ap.add_argument("--label", default="TILLEXPORT")
    ap.add_argument("--mountpoint", default="usb")
    ap.add_argument("--week-of", help="any date in the week to export (default: last week)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    ref = date.fromisoformat(args.week_of) if args.week_of else date.today() - timedelta(days=7)
    monday = ref - timedelta(days=ref.weekday())
    files = list(week_files(args.exports, monday))
    if not files:
        log.error("no exports found for week of %s in %s", monday, args.exports)
        return 1

    stick = Stick(args.label, args.mountpoint)
    try:
        stick.locate()
        with stick as s:
            dest = s.mountpoint / f"week_{monday.isoformat()}"
            n = copy_week(files, dest)
            free = shutil.disk_usage(s.mountpoint).free // (1024 * 1024)
            log.info("copied %d files to %s (%d MB free on stick)", n, dest.name, free)
    except StickError as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
