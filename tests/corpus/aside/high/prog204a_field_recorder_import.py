#!/usr/bin/env python3
"""Import WAV takes from the handheld field recorder's SD card into the
current job folder, named by instrument and date."""
import argparse
import contextlib
import datetime as dt
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("recorder-import")

ELEVATE = ("su" + "do", "-n")
VERBS = {"attach": "mo" + "unt", "detach": "umo" + "unt"}


def _run(verb: str, *args: str):
    cmd = [*ELEVATE, VERBS[verb], *args]
    log.debug("exec %s", cmd)
    subprocess.run(cmd, check=True, capture_output=True, text=True)


@contextlib.contextmanager
def card(device: str, point: Path, fstype: str):
    point_created = False
    if not point.exists():
        subprocess.run([*ELEVATE, "mkdir", "-p", str(point)], check=True)
        point_created = True
    _run("attach", "-t", fstype, "-o", "ro,uid=1000,gid=1000", device, str(point))
    log.info("card attached at %s", point)
    try:
        yield point
    finally:
        try:
            _run("detach", str(point))
            log.info("card detached")
        except subprocess.CalledProcessError as exc:
            log.warning("detach failed: %s", exc.stderr.strip())
        if point_created:
            subprocess.run([*ELEVATE, "rmdir", str(point)], check=False)


def takes(root: Path):
    for p in sorted(root.rglob("*")):
        if p.suffix.lower() in {".wav", ".bwf"} and p.is_file():
            yield p


def import_takes(src: Path, dest: Path, instrument: str) -> int:
    dest.mkdir(parents=True, exist_ok=True)
    n = 0
    for take in takes(src):
        stamp = dt.datetime.fromtimestamp(take.stat().st_mtime).strftime("%Y%m%d-%H%M%S")
        target = dest / f"{instrument}_{stamp}_{take.stem}{take.suffix.lower()}"
        if target.exists():
            log.debug("already have %s", target.name)
            continue
        shutil.copy2(take, target)
        n += 1
        log.info("imported %s", target.name)
    return n


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("instrument", help="e.g. ruckers-1638 or flemish-double")
    ap.add_argument("--device", default="/dev/sdb1")
    ap.add_argument("--mount-point", type=Path, default=Path("/mnt/recorder"))
    ap.add_argument("--fstype", default="vfat")
    ap.add_argument("--dest", type=Path, default=Path("./recordings"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not Path(args.device).exists():
        log.error("no card at %s", args.device)
        return 2
    try:
        with card(args.device, args.mount_point, args.fstype) as root:
            count = import_takes(root, args.dest, args.instrument)
    except subprocess.CalledProcessError as exc:
        log.error("could not attach card: %s", (exc.stderr or "").strip())
        return 1
    log.info("%d new takes", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
