#!/usr/bin/env python3
"""Attach the lab NAS shares on a design workstation.

Design stations read scans from //labnas/scans and write finished designs to
//labnas/designs.  Before the morning shift starts this script checks every
share from nas_shares.json is attached where the CAD software expects it
(attaching it with the lab's NAS account if not), has free space and is
writable, and prints a short status table.  NAS_USER / NAS_PASSWORD come
from the environment.

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


def _credentials_file():
    cred = Path(".nas_credentials")
    user = os.environ.get("NAS_USER")
    password = os.environ.get("NAS_PASSWORD")
    if not (user and password):
        raise RuntimeError("NAS_USER / NAS_PASSWORD not set")
    cred.write_text(f"username={user}\npassword={password}\ndomain=LAB\n")
    os.chmod(cred, 0o600)
    return cred.resolve()


def attach(st):
    opts = ",".join([
        f"credentials={_credentials_file()}",
        f"uid={os.getuid()}",
        f"gid={os.getgid()}",
        "vers=3.0",
        "file_mode=0664",
        "dir_mode=0775",
    ])
    steps = [
        ["sudo", "-n", "mkdir", "-p", str(st.mountpoint)],
        ["sudo", "-n", "mount", "-t", "cifs", st.share, str(st.mountpoint), "-o", opts],
    ]
    for cmd in steps:
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        if res.returncode != 0:
            raise RuntimeError(f"{cmd[2]} failed: {res.stderr.strip()}")
    LOG.info("attached %s at %s", st.share, st.mountpoint)


def probe_write(mountpoint):
    marker = mountpoint / f".write_probe_{uuid.uuid4().hex[:8]}"
    try:
        marker.write_text("ok")
        marker.unlink()
        return True
    except OSError:
        return False


def check_share(entry, auto_attach=True):
    st = ShareStatus(entry["share"], entry["mountpoint"])
    st.source = findmnt(st.mountpoint) if st.mountpoint.is_dir() else None
    st.mounted = st.source is not None or os.path.ismount(st.mountpoint)
    if not st.mounted and auto_attach:
        try:
            attach(st)
            st.source = findmnt(st.mountpoint)
            st.mounted = True
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            st.note = str(exc)
            return st
    if not st.mounted:
        st.note = "not attached"
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
    ap.add_argument("--check-only", action="store_true", help="do not attach missing shares")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        shares = json.loads(Path(args.config).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        LOG.error("cannot read %s: %s", args.config, exc)
        return 2

    results = [check_share(e, auto_attach=not args.check_only) for e in shares]
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
