#!/usr/bin/env python3
"""Import score sheets from the target-line tablets' SD cards.

The scoring tablets write each session's sheets to an SD card labelled
SCORES.  At the end of a session the card goes into the clubhouse PC;
this tool finds the card by label, mounts it read-only, copies new score
sheets into ./incoming and unmounts it again so the card can go back.
"""
import argparse
import hashlib
import logging
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("card_import")

BY_LABEL = Path("/dev/disk/by-label")
MOUNT_POINT = Path("/mnt/scorecard")


def find_card(label, wait):
    dev = BY_LABEL / label
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if dev.exists():
            return dev.resolve()
        time.sleep(1)
    return None


def _priv(cmd):
    full = ["sudo", "-n"] + cmd
    log.debug("running %s", " ".join(full))
    res = subprocess.run(full, capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed: {res.stderr.strip()}")
    return res.stdout


class CardMount:
    """Context manager that mounts the card read-only and always unmounts."""

    def __init__(self, device, target=MOUNT_POINT):
        self.device = str(device)
        self.target = Path(target)

    def __enter__(self):
        _priv(["mkdir", "-p", str(self.target)])
        _priv(["mount", "-o", "ro,nosuid,nodev,noexec", self.device, str(self.target)])
        log.info("mounted %s on %s", self.device, self.target)
        return self.target

    def __exit__(self, *exc):
        for attempt in range(3):
            try:
                _priv(["umount", str(self.target)])
                log.info("unmounted %s", self.target)
                return False
            except RuntimeError as err:
                log.warning("umount attempt %d: %s", attempt + 1, err)
                time.sleep(2)
        return False


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

    device = find_card(args.label, args.wait)
    if device is None:
        log.error("no card labelled %s found", args.label)
        return 1

    try:
        with CardMount(device) as root:
            n = copy_new_sheets(root, Path(args.dest), args.pattern)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    log.info("%d new sheet(s) imported; card can be removed", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
