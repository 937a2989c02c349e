#!/usr/bin/env python3
"""Import attendance registers from a coach's USB stick.

Coaches at the holiday multi-sport camp take the paper-replacement tablet
register home on a USB stick labelled REGISTER. At the end of the week the
camp office plugs the stick into the office laptop (the desktop auto-mounts
it) and runs this script, which locates the stick, copies every register CSV
into ./registers/<week>/ and builds a combined attendance sheet.
"""
import argparse
import csv
import json
import logging
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("stick_import")

LABEL = "REGISTER"


class StickLocator:
    """Finds where the desktop has mounted the stick, using findmnt(8)."""

    columns = "TARGET,SOURCE,LABEL,OPTIONS"

    def __init__(self, label):
        self.label = label

    def _findmnt(self):
        res = subprocess.run(["findmnt", "--json", "--list", "-o", self.columns],
                             capture_output=True, text=True)
        if res.returncode != 0:
            raise RuntimeError(res.stderr.strip() or "findmnt failed")
        return json.loads(res.stdout).get("filesystems", [])

    def locate(self):
        for fs in self._findmnt():
            if (fs.get("label") or "").upper() == self.label.upper():
                log.debug("found %s on %s (%s)", fs["source"], fs["target"], fs["options"])
                return Path(fs["target"])
        # some desktops mount by label under /media/$USER or /run/media/$USER
        for base in (Path("/media"), Path("/run/media")):
            for cand in base.glob(f"*/{self.label}"):
                if cand.is_dir():
                    return cand
        return None


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

    try:
        root = StickLocator(args.label).locate()
    except (RuntimeError, ValueError) as exc:
        log.error("could not list mounts: %s", exc)
        return 1
    if root is None:
        log.error("no mounted USB stick labelled %s - plug it in and open it once "
                  "in the file manager", args.label)
        return 1

    dest = Path("registers") / args.week
    copied = copy_registers(root, dest)
    log.info("copied %d register files from %s to %s", len(copied), root, dest)

    n = combine(dest, Path(f"attendance_{args.week}.csv"))
    log.info("combined attendance for %d campers", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
