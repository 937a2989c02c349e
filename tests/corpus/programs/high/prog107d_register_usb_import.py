#!/usr/bin/env python3
"""Import attendance registers from a coach's USB stick.

Coaches at the holiday multi-sport camp take the paper-replacement tablet
register home on a USB stick labelled REGISTER. At the end of the week the
camp office plugs the stick into the office Pi and runs this script, which
mounts the stick read-only, copies every register CSV into ./registers/<week>/
and builds a combined attendance sheet.
"""
import argparse
import csv
import logging
import shutil
import subprocess
import sys
from contextlib import contextmanager
from datetime import date
from pathlib import Path

log = logging.getLogger("usb_import")

LABEL = "REGISTER"
MOUNT_POINT = Path("/media/register-import")


def find_device(label):
    by_label = Path("/dev/disk/by-label") / label
    if by_label.exists():
        return str(by_label.resolve())
    out = subprocess.run(["blkid", "-L", label], capture_output=True, text=True)
    dev = out.stdout.strip()
    return dev or None


class StickMount:
    """Mount helper; uses the mount(8) binary so fstab-style options apply."""

    opts = "ro,nosuid,nodev,noexec"

    def __init__(self, device, target=MOUNT_POINT):
        self.device = device
        self.target = Path(target)

    def _run(self, *argv):
        log.debug("running %s", " ".join(argv))
        res = subprocess.run(list(argv), capture_output=True, text=True)
        if res.returncode != 0:
            raise RuntimeError(res.stderr.strip() or f"{argv[0]} failed")

    def attach(self):
        self.target.mkdir(parents=True, exist_ok=True)
        self._run("mount", "-o", self.opts, self.device, str(self.target))
        log.info("mounted %s on %s", self.device, self.target)

    def detach(self):
        try:
            self._run("umount", str(self.target))
        except RuntimeError as exc:
            log.warning("could not unmount %s: %s", self.target, exc)


@contextmanager
def mounted(device):
    m = StickMount(device)
    m.attach()
    try:
        yield m.target
    finally:
        m.detach()


def copy_registers(src_root, dest):
    dest.mkdir(parents=True, exist_ok=True)
    copied = []
    for p in sorted(src_root.rglob("*.csv")):
        if p.name.startswith("."):
            continue
        target = dest / p.name
        if target.exists() and target.stat().st_size == p.stat().st_size:
            continue
        shutil.copy2(p, target)
        copied.append(target)
    return copied


def combine(dest, out_path):
    totals = {}
    for p in sorted(dest.glob("*.csv")):
        with p.open(newline="", encoding="utf-8-sig") as fh:
            for row in csv.DictReader(fh):
                key = (row.get("camper_id", "").strip(), row.get("name", "").strip())
                d = totals.setdefault(key, {"present": 0, "absent": 0})
                if row.get("status", "").strip().upper() in ("P", "PRESENT", "L", "LATE"):
                    d["present"] += 1
                else:
                    d["absent"] += 1
    with out_path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["camper_id", "name", "sessions_present", "sessions_absent"])
        for (cid, name), d in sorted(totals.items()):
            w.writerow([cid, name, d["present"], d["absent"]])
    return len(totals)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--label", default=LABEL)
    ap.add_argument("--week", default=date.today().strftime("%G-W%V"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    device = find_device(args.label)
    if not device:
        log.error("no USB stick labelled %s found - is it plugged in?", args.label)
        return 1

    dest = Path("registers") / args.week
    try:
        with mounted(device) as root:
            copied = copy_registers(root, dest)
    except RuntimeError as exc:
        log.error("mount failed: %s", exc)
        return 1
    log.info("copied %d register files to %s", len(copied), dest)

    n = combine(dest, Path(f"attendance_{args.week}.csv"))
    log.info("combined attendance for %d campers", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
