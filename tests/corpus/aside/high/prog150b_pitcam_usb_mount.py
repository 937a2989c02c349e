#!/usr/bin/env python3
"""Mount the pit lane camera SD readers on the review station.

Each pit box camera records to an SD card. After a session the cards go
into a USB hub on the stewards' review station; this tool finds them by
label, mounts them read-only under /mnt/pitcam/<box> and installs a udev
rule so the video group can read the raw devices for clip recovery.
"""
import argparse
import logging
import os
import shutil
import subprocess
from pathlib import Path

log = logging.getLogger("pitcam-mount")

MOUNT_BASE = Path("/mnt/pitcam")
RULE_PATH = Path("/etc/udev/rules.d") / "71-pitcam-readers.rules"
RULE_TEXT = (
    '# pit lane camera SD readers\n'
    'SUBSYSTEM=="block", ENV{ID_FS_LABEL}=="PITCAM*", GROUP="video", MODE="0660"\n'
)


def _escalate():
    """Return the prefix needed to run privileged commands."""
    if os.geteuid() == 0:
        return []
    for tool in ("sudo", "pkexec"):
        path = shutil.which(tool)
        if path:
            return [path, "-n"] if tool == "sudo" else [path]
    raise SystemExit("need root or sudo/pkexec to mount cards")


def priv(args, check=True):
    cmd = _escalate() + list(args)
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def find_cards():
    """Return {label: device} for every PITCAM-labelled filesystem."""
    out = subprocess.run(["lsblk", "-rno", "NAME,LABEL"],
                         capture_output=True, text=True, check=True).stdout
    cards = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[1].startswith("PITCAM"):
            cards[parts[1]] = "/dev/" + parts[0]
    return cards


def install_rule():
    if RULE_PATH.exists() and RULE_PATH.read_text() == RULE_TEXT:
        return
    # write via tee so it works when we are not root
    subprocess.run(_escalate() + ["tee", str(RULE_PATH)], input=RULE_TEXT,
                   text=True, check=True, stdout=subprocess.DEVNULL)
    priv(["udevadm", "control", "--reload-rules"])
    priv(["udevadm", "trigger", "--subsystem-match=block"])
    log.info("installed %s", RULE_PATH)


def mount_card(label, dev):
    box = label.replace("PITCAM", "").strip("_-") or "x"
    target = MOUNT_BASE / f"box{box}"
    priv(["mkdir", "-p", str(target)])
    res = priv(["mount", "-o", "ro,noexec,nosuid", dev, str(target)], check=False)
    if res.returncode != 0:
        log.error("mount %s failed: %s", dev, res.stderr.strip())
        return None
    # the raw device must be readable by the review tools
    priv(["chgrp", "video", dev])
    priv(["chmod", "0660", dev])
    return target


def unmount_all():
    for target in sorted(MOUNT_BASE.glob("box*")):
        priv(["umount", str(target)], check=False)
        log.info("unmounted %s", target)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["mount", "unmount", "list"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if args.action == "unmount":
        unmount_all()
        return
    cards = find_cards()
    if not cards:
        log.info("no PITCAM cards found")
        return
    if args.action == "list":
        for label, dev in sorted(cards.items()):
            print(f"{label}\t{dev}")
        return
    install_rule()
    for label, dev in sorted(cards.items()):
        target = mount_card(label, dev)
        if target:
            log.info("%s (%s) mounted at %s", label, dev, target)


if __name__ == "__main__":
    main()
