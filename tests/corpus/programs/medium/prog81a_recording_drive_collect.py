#!/usr/bin/env python3
"""Collect the sermon recorder's takes from its USB stick into the archive.

The Zoom H5 in the pulpit records onto a stick labelled SERVICEREC. After
the service the sound volunteer plugs it into the booth PC; the desktop
mounts it automatically. This finds where it was mounted by its label,
copies new takes into ./archive/<date>/ with rsync and reminds the
volunteer to eject it from the file manager.
"""

import argparse
import datetime as dt
import json
import logging
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("rec-collect")

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


def wait_for_mount(label, timeout):
    """The desktop can take a few seconds to automount after plug-in."""
    deadline = time.monotonic() + timeout
    while True:
        device, fstype, mountpoint = find_device(label)
        if device and mountpoint:
            return device, Path(mountpoint)
        if time.monotonic() > deadline:
            return device, None
        time.sleep(2)


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
    ap.add_argument("--wait", type=int, default=20, help="seconds to wait for automount")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        device, root = wait_for_mount(args.label, args.wait)
    except (subprocess.CalledProcessError, ValueError) as exc:
        LOG.error("lsblk failed: %s", exc)
        return 1
    if not device:
        LOG.error("no stick labelled %s plugged in", args.label)
        return 2
    if root is None:
        LOG.error("%s is plugged in but not mounted; open it in the file manager first", device)
        return 3

    try:
        dest, copied = copy_takes(root, args.archive, args.dry_run)
    except subprocess.CalledProcessError as err:
        LOG.error("rsync failed: %s", (err.stderr or "").strip())
        return 1
    LOG.info("%d new take(s) in %s", len(copied), dest)
    LOG.info("now eject %s from the file manager before unplugging", device)
    return 0


if __name__ == "__main__":
    sys.exit(main())
