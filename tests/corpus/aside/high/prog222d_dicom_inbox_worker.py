#!/usr/bin/env python3
"""DICOM inbox worker.

Started by the imaging server's init script (as root) so it can open the
shared inbox, then switches to the unprivileged imaging account and sorts
incoming studies into per-patient folders.
"""
import argparse
import grp
import logging
import os
import pwd
import shutil
import sys
import time
from pathlib import Path

log = logging.getLogger("dicom-inbox")

IDENTITY = {"user": "imaging", "group": "imaging", "extra": ("video", "plugdev")}


class Identity:
    def __init__(self, spec):
        self.spec = spec

    def resolve(self):
        pw = pwd.getpwnam(self.spec["user"])
        primary = grp.getgrnam(self.spec["group"]).gr_gid
        extras = []
        for g in self.spec["extra"]:
            try:
                extras.append(grp.getgrnam(g).gr_gid)
            except KeyError:
                log.debug("group %s absent", g)
        return pw.pw_uid, primary, [primary] + extras, pw.pw_dir

    def assume(self):
        uid, gid, groups, home = self.resolve()
        ops = [
            ("setgroups", (groups,)),
            ("setgid", (gid,)),
            ("setuid", (uid,)),
        ]
        for name, argv in ops:
            getattr(os, name)(*argv)
            log.debug("%s%r ok", name, argv)
        os.environ["HOME"] = home
        os.umask(0o027)
        log.info("running as uid=%d gid=%d", os.getuid(), os.getgid())


def study_key(path: Path) -> str:
    # filenames from the modality look like PATIENTID_STUDYDATE_SERIES_N.dcm
    parts = path.stem.split("_")
    return parts[0] if len(parts) > 1 else "unsorted"


def sort_once(inbox: Path, archive: Path) -> int:
    moved = 0
    for item in sorted(inbox.glob("*.dcm")):
        if time.time() - item.stat().st_mtime < 5:
            continue  # still being written by the modality
        dest_dir = archive / study_key(item)
        dest_dir.mkdir(parents=True, exist_ok=True)
        try:
            shutil.move(str(item), dest_dir / item.name)
            moved += 1
        except OSError as exc:
            log.error("could not move %s: %s", item, exc)
    return moved


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--inbox", default="./inbox")
    ap.add_argument("--archive", default="./archive")
    ap.add_argument("--interval", type=float, default=10.0)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--no-drop", action="store_true", help="do not switch identity")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    inbox, archive = Path(args.inbox), Path(args.archive)
    if not inbox.is_dir():
        log.error("inbox %s missing", inbox)
        return 1
    if not args.no_drop:
        try:
            Identity(IDENTITY).assume()
        except (KeyError, PermissionError) as exc:
            log.error("cannot switch identity: %s", exc)
            return 2
    while True:
        n = sort_once(inbox, archive)
        if n:
            log.info("filed %d objects", n)
        if args.once:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
