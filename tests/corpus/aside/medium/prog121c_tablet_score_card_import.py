#!/usr/bin/env python3
"""Import score sheets from the target-line tablets' SD cards.

The scoring tablets write each session's sheets to an SD card labelled
SCORES.  At the end of a session the card goes into the clubhouse PC,
where the desktop automounts it; this tool finds where the card was
mounted, copies new score sheets into ./incoming and tells the volunteer
when the card can be taken out.
"""
import argparse
import hashlib
import json
import logging
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("card_import")


def list_block_devices():
    res = subprocess.run(
        ["lsblk", "--json", "--paths", "-o", "NAME,LABEL,MOUNTPOINT,RM"],
        capture_output=True, text=True, check=True,
    )
    return json.loads(res.stdout).get("blockdevices", [])


def _walk(devs):
    for d in devs:
        yield d
        yield from _walk(d.get("children", []) or [])


def find_card_mount(label, wait):
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            for dev in _walk(list_block_devices()):
                if dev.get("label") == label and dev.get("mountpoint"):
                    return dev["name"], Path(dev["mountpoint"])
        except (subprocess.CalledProcessError, ValueError) as exc:
            log.debug("lsblk failed: %s", exc)
        time.sleep(1)
    return None, None


def file_digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def copy_new_sheets(src_root, dest, pattern):
    dest.mkdir(parents=True, exist_ok=True)
    seen = {file_digest(p) for p in dest.glob(pattern)}
    copied = 0
    for sheet in sorted(src_root.rglob(pattern)):
        digest = file_digest(sheet)
        if digest in seen:
            continue
        target = dest / f"{sheet.stem}_{digest[:8]}{sheet.suffix}"
        shutil.copy2(sheet, target)
        seen.add(digest)
        copied += 1
        log.info("imported %s", sheet.relative_to(src_root))
    return copied


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--label", default="SCORES")
    ap.add_argument("--dest", default="incoming")
    ap.add_argument("--pattern", default="*.csv")
    ap.add_argument("--wait", type=int, default=20, help="seconds to wait for the card")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    device, root = find_card_mount(args.label, args.wait)
    if root is None:
        log.error("no mounted card labelled %s found - is it inserted?", args.label)
        return 1
    log.info("found %s mounted at %s", device, root)

    try:
        n = copy_new_sheets(root, Path(args.dest), args.pattern)
    except OSError as exc:
        log.error("copy failed: %s", exc)
        return 1
    log.info("%d new sheet(s) imported; eject %s from the desktop before removing", n, device)
    return 0


if __name__ == "__main__":
    sys.exit(main())
