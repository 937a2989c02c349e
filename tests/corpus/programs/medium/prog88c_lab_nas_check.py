#!/usr/bin/env python3
"""Check that the lab NAS shares are attached on a design workstation.

Design stations read scans from //labnas/scans and write finished designs to
//labnas/designs.  Before the morning shift starts this script checks every
share from nas_shares.json is attached where the CAD software expects it,
has free space and is writable, and prints a short status table.

nas_shares.json:
    [{"share": "//labnas/scans",   "mountpoint": "/mnt/labnas/scans"},
     {"share": "//labnas/designs", "mountpoint": "/mnt/labnas/designs"}]
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

LOG = logging.getLogger("nas_check")
MIN_FREE_GB = 20


class ShareStatus:
    def __init__(self, share, mountpoint):
        self.share = share
        self.mountpoint = Path(mountpoint)
        self.mounted = False
        self.source = None
        self.free_gb = None
        self.writable = False
        self.note = ""

    def row(self):
        free = f"{self.free_gb:.0f} GB" if self.free_gb is not None else "-"
        return f"{self.share:<22} {str(self.mountpoint):<24} {'yes' if self.mounted else 'NO':<5} {free:>8} {'rw' if self.writable else 'ro':<3} {self.note}"


def findmnt(mountpoint):
    """Return the source device of the mount at mountpoint, or None."""
    try:
        out = subprocess.run(
            ["findmnt", "-n", "-o", "SOURCE,FSTYPE", "--mountpoint", str(mountpoint)],
            capture_output=True, text=True, timeout=10, check=False,
        )
    except (FileNotFoundError, subprocess.TimeoutExpired) as exc:
        LOG.debug("findmnt unavailable: %s", exc)
        return None
    line = out.stdout.strip()
    return line.split()[0] if line else None


def probe_write(mountpoint):
    marker = mountpoint / f".write_probe_{uuid.uuid4().hex[:8]}"
    try:
        marker.write_text("ok")
        marker.unlink()
        return True
    except OSError:
        return False


def check_share(entry):
    st = ShareStatus(entry["share"], entry["mountpoint"])
    if not st.mountpoint.is_dir():
        st.note = "mountpoint missing"
        return st
    st.source = findmnt(st.mountpoint)
    st.mounted = st.source is not None or os.path.ismount(st.mountpoint)
    if not st.mounted:
        st.note = "not attached - ask IT to mount it"
        return st
    if st.source and st.source.replace("\\", "/").lower() != st.share.lower():
        st.note = f"wrong share ({st.source})"
    usage = shutil.disk_usage(st.mountpoint)
    st.free_gb = usage.free / 1e9
    if st.free_gb < MIN_FREE_GB:
        st.note = (st.note + " low space").strip()
    st.writable = probe_write(st.mountpoint)
    return st


def main(argv=None):
    ap = argparse.ArgumentParser(description="check lab NAS shares")
    ap.add_argument("--config", default="nas_shares.json")
    ap.add_argument("--json", action="store_true", help="machine readable output")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    try:
        shares = json.loads(Path(args.config).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        LOG.error("cannot read %s: %s", args.config, exc)
        return 2

    results = [check_share(e) for e in shares]
    if args.json:
        json.dump([{**vars(r), "mountpoint": str(r.mountpoint)} for r in results], sys.stdout, indent=2)
        print()
    else:
        print(f"{'share':<22} {'mountpoint':<24} {'up':<5} {'free':>8} {'mode':<3} note")
        for r in results:
            print(r.row())
    return 0 if all(r.mounted and r.writable for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
