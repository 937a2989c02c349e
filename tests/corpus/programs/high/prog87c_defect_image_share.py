#!/usr/bin/env python3
"""Attach the wheel-profile camera share and pull new defect images.

The wheel-profile measurement gantry at the depot entrance exports its
defect frames over NFS.  This attaches the export on the reporting box,
copies frames newer than the last run into images/<date>/, writes an index
for the defect reporter, and detaches the share again.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("imgshare")

STATE = Path(".imgshare_state.json")
DEFAULT_EXPORT = os.environ.get("GANTRY_EXPORT", "gantry01.depot.lan:/export/defects")
DEFAULT_MOUNTPOINT = os.environ.get("GANTRY_MOUNTPOINT", "/mnt/gantry")
ELEVATE = os.environ.get("IMGSHARE_ELEVATE", "doas")


def run(argv):
    log.debug("exec: %s", " ".join(argv))
    proc = subprocess.run(argv, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{argv[1] if len(argv) > 1 else argv[0]}: {proc.stderr.strip()}")
    return proc.stdout


def is_mounted(mountpoint):
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == mountpoint for line in fh)


@contextmanager
def attached(export, mountpoint, opts):
    mounted_here = False
    if not is_mounted(mountpoint):
        run([ELEVATE, "mkdir", "-p", mountpoint])
        run([ELEVATE, "mount", "-t", "nfs", "-o", opts, export, mountpoint])
        mounted_here = True
        log.info("attached %s at %s", export, mountpoint)
    try:
        yield Path(mountpoint)
    finally:
        if mounted_here:
            try:
                run([ELEVATE, "umount", mountpoint])
                log.info("detached %s", mountpoint)
            except RuntimeError as exc:
                log.warning("could not detach: %s", exc)


def load_state():
    try:
        return json.loads(STATE.read_text())
    except (OSError, ValueError):
        return {"last_mtime": 0}


def save_state(state):
    STATE.write_text(json.dumps(state, indent=1))
    os.chmod(STATE, 0o600)


def copy_new(src_root, dest_root, since):
    index, newest = [], since
    for frame in sorted(src_root.rglob("*.png")):
        mtime = frame.stat().st_mtime
        if mtime <= since:
            continue
        day = time.strftime("%Y-%m-%d", time.localtime(mtime))
        dest = dest_root / day / frame.name
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(frame, dest)
        index.append({"file": str(dest), "axle": frame.parent.name, "mtime": mtime})
        newest = max(newest, mtime)
    return index, newest


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--export", default=DEFAULT_EXPORT)
    ap.add_argument("--mountpoint", default=DEFAULT_MOUNTPOINT)
    ap.add_argument("--options", default="ro,nosuid,nodev,noexec,vers=4.1,soft,timeo=50")
    ap.add_argument("--dest", default="images")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    state = load_state()
    try:
        with attached(args.export, args.mountpoint, args.options) as root:
            index, newest = copy_new(root, Path(args.dest), state["last_mtime"])
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1

    if index:
        out = Path(args.dest) / f"index_{time.strftime('%Y%m%d_%H%M%S')}.json"
        out.write_text(json.dumps(index, indent=1))
        log.info("%d new frames, index %s", len(index), out)
    else:
        log.info("no new frames")
    state["last_mtime"] = newest
    save_state(state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
