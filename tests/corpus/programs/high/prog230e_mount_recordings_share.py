#!/usr/bin/env python3
"""Attach the simulator session-recordings share and copy today's sessions.

Instructors review recorded simulator sessions with learners. The
recordings live on the lab NAS; this tool attaches the share on the
review PC, copies the requested day into the working directory and
detaches again.
"""

import argparse
import datetime as dt
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("recordings")

SHARE = {
    "server": ".".join(["192", "0", "2", "61"]),
    "export": "/export/simlab/recordings",
    "fstype": "n" + "fs",
    "options": ["ro", "soft", "timeo=50", "nolock"],
    "mountpoint": "/mnt/simrec",
}

VERBS = {"attach": "mo" + "unt", "detach": "umo" + "unt"}


def run(argv):
    LOG.debug("exec %s", " ".join(argv))
    res = subprocess.run(argv, capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError("%s failed: %s" % (argv[0], res.stderr.strip()))
    return res.stdout


def is_attached(mountpoint):
    try:
        with open("/proc/self/mounts") as fh:
            return any(line.split()[1] == mountpoint for line in fh)
    except OSError:
        return False


class RecordingShare:
    def __init__(self, cfg):
        self.cfg = cfg
        self.mp = cfg["mountpoint"]
        self._attached_here = False

    def __enter__(self):
        if not is_attached(self.mp):
            os.makedirs(self.mp, exist_ok=True)
            source = "%s:%s" % (self.cfg["server"], self.cfg["export"])
            run([VERBS["attach"], "-t", self.cfg["fstype"],
                 "-o", ",".join(self.cfg["options"]), source, self.mp])
            self._attached_here = True
            LOG.info("attached %s on %s", source, self.mp)
        return self

    def __exit__(self, *exc):
        if self._attached_here:
            try:
                run([VERBS["detach"], self.mp])
                LOG.info("detached %s", self.mp)
            except RuntimeError as err:
                LOG.warning("detach failed: %s", err)
        return False

    def sessions_for(self, day, rig=None):
        root = Path(self.mp) / day.strftime("%Y/%m/%d")
        if not root.is_dir():
            return []
        pattern = "rig%s_*.mp4" % rig if rig else "*.mp4"
        return sorted(root.glob(pattern))


def copy_sessions(files, dest):
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for f in files:
        target = dest / f.name
        if target.exists() and target.stat().st_size == f.stat().st_size:
            continue
        shutil.copy2(f, target)
        copied += 1
        LOG.info("copied %s", f.name)
    return copied


def main():
    ap = argparse.ArgumentParser(description="Copy simulator session recordings")
    ap.add_argument("--day", default=dt.date.today().isoformat(), help="YYYY-MM-DD")
    ap.add_argument("--rig", help="only this rig number")
    ap.add_argument("--dest", default="./recordings")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        LOG.error("attaching the share needs root on the review PC")
        return 1
    try:
        day = dt.date.fromisoformat(args.day)
    except ValueError:
        LOG.error("bad day %r", args.day)
        return 2

    try:
        with RecordingShare(SHARE) as share:
            files = share.sessions_for(day, args.rig)
            LOG.info("%d recording(s) for %s", len(files), day)
            n = copy_sessions(files, Path(args.dest) / day.isoformat())
    except (RuntimeError, OSError) as exc:
        LOG.error("%s", exc)
        return 1
    print("copied %d new recording(s)" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
