#!/usr/bin/env python3
"""Ingest the sermon recorder's USB stick into the parish archive.

The Zoom H5 in the pulpit records onto a stick labelled SERVICEREC. After
the service the sound volunteer plugs it into the booth PC and runs this.
It finds the stick by label, mounts it read-only, copies new takes into
./archive/<date>/ with rsync and unmounts it again so it can go straight
back into the recorder.
"""

import argparse
import datetime as dt
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("rec-ingest")

MOUNT_POINT = Path("/mnt/servicerec")
AUDIO_EXT = (".wav", ".WAV", ".mp3", ".MP3")


def run(cmd, **kw):
    LOG.debug("$ %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, text=True, capture_output=True, **kw)


def find_device(label):
    out = run(["lsblk", "-J", "-o", "NAME,LABEL,FSTYPE,MOUNTPOINT,TRAN"]).stdout
    tree = json.loads(out)

    def walk(nodes):
        for node in nodes:
            yield node
            yield from walk(node.get("children", []))

    for node in walk(tree.get("blockdevices", [])):
        if node.get("label") == label:
            return "/dev/" + node["name"], node.get("fstype"), node.get("mountpoint")
    return None, None, None


class StickMount:
    """Context manager: mount the stick read-only for the current user."""

    def __init__(self, device, fstype, target=MOUNT_POINT):
        self.device = device
        self.fstype = fstype or "vfat"
        self.target = target
        self.mounted = False

    def __enter__(self):
        opts = "ro,uid=%d,gid=%d,umask=022" % (os.getuid(), os.getgid())
        run(["sudo", "mkdir", "-p", str(self.target)])
        run(["sudo", "mount", "-t", self.fstype, "-o", opts, self.device, str(self.target)])
        self.mounted = True
        LOG.info("mounted %s on %s", self.device, self.target)
        return self.target

    def __exit__(self, *exc):
        if self.mounted:
            try:
                run(["sync"])
                run(["sudo", "umount", str(self.target)])
                LOG.info("unmounted %s - safe to remove", self.device)
            except subprocess.CalledProcessError as err:
                LOG.error("umount failed: %s", err.stderr.strip())
        return False


def copy_takes(src_root, archive, dry_run=False):
    day = dt.date.today().isoformat()
    dest = archive / day
    dest.mkdir(parents=True, exist_ok=True)
    cmd = ["rsync", "-rt", "--ignore-existing", "--itemize-changes",
           "--include=*/"] + ["--include=*%s" % e for e in AUDIO_EXT] + \
          ["--exclude=*", str(src_root) + "/", str(dest) + "/"]
    if dry_run:
        cmd.insert(1, "--dry-run")
    out = run(cmd).stdout
    copied = [line.split(" ", 1)[1] for line in out.splitlines() if line.startswith(">f")]
    for name in copied:
        LOG.info("copied %s", name)
    return dest, copied


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--label", default="SERVICEREC")
    ap.add_argument("--archive", default="archive", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        device, fstype, current = find_device(args.label)
    except (subprocess.CalledProcessError, ValueError) as exc:
        LOG.error("lsblk failed: %s", exc)
        return 1
    if not device:
        LOG.error("no stick labelled %s plugged in", args.label)
        return 2
    if current:
        LOG.warning("%s already mounted at %s by the desktop; using it", device, current)
        dest, copied = copy_takes(Path(current), args.archive, args.dry_run)
    else:
        try:
            with StickMount(device, fstype) as root:
                dest, copied = copy_takes(root, args.archive, args.dry_run)
        except subprocess.CalledProcessError as err:
            LOG.error("%s failed: %s", err.cmd[0:2], (err.stderr or "").strip())
            return 1
    LOG.info("%d new take(s) in %s", len(copied), dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
