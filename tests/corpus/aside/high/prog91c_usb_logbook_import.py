#!/usr/bin/env python3
"""Import paper-logbook scans and ERS files from the skipper's USB stick.

Smaller boats without a satellite link hand in their logbook on a USB stick
labelled LOGBOOK when they land.  The office PC runs this tool: it finds the
stick, mounts it read-only, copies the trip files into imports/<date>/,
checks them and unmounts the stick again so it can be handed back.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("usb-logbook")

MOUNT_POINT = Path("/mnt/logbook")
WANTED = {".ers", ".xml", ".csv", ".pdf", ".jpg", ".png"}
ELEVATE = os.environ.get("LOGBOOK_ELEVATE", "doas").split()


def run(cmd, elevated=False, **kw):
    full = (ELEVATE + cmd) if elevated and os.geteuid() != 0 else cmd
    log.debug("running %s", " ".join(full))
    return subprocess.run(full, check=True, text=True, capture_output=True, **kw)


def find_stick(label_prefix):
    out = run(["lsblk", "--json", "-o", "NAME,LABEL,FSTYPE,MOUNTPOINT,TRAN,RM"]).stdout
    for disk in json.loads(out).get("blockdevices", []):
        if disk.get("tran") != "usb":
            continue
        for part in disk.get("children", [disk]):
            label = (part.get("label") or "").upper()
            if label.startswith(label_prefix) and part.get("fstype") in ("vfat", "exfat", "ntfs"):
                return f"/dev/{part['name']}", part.get("fstype"), part.get("mountpoint")
    return None


class StickMount:
    def __init__(self, device, fstype):
        self.device = device
        self.fstype = fstype
        self.mounted_here = False

    def __enter__(self):
        if not MOUNT_POINT.exists():
            run(["mkdir", "-p", str(MOUNT_POINT)], elevated=True)
        opts = f"ro,nosuid,nodev,noexec,uid={os.getuid()}"
        run(["mount", "-t", self.fstype, "-o", opts, self.device, str(MOUNT_POINT)],
            elevated=True)
        self.mounted_here = True
        return MOUNT_POINT

    def __exit__(self, *exc):
        if self.mounted_here:
            for attempt in range(5):
                try:
                    run(["umount", str(MOUNT_POINT)], elevated=True)
                    break
                except subprocess.CalledProcessError:
                    time.sleep(1)
            else:
                log.error("could not unmount %s; do not pull the stick yet", MOUNT_POINT)
        return False


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def copy_trip_files(src_root, dest_root):
    copied = []
    for p in sorted(src_root.rglob("*")):
        if not p.is_file() or p.suffix.lower() not in WANTED:
            continue
        dest = dest_root / p.relative_to(src_root)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(p, dest)
        if sha256(p) != sha256(dest):
            raise IOError(f"checksum mismatch for {p.name}")
        copied.append(str(dest))
    return copied


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--label", default="LOGBOOK")
    ap.add_argument("--dest", default="imports")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    found = find_stick(args.label.upper())
    if not found:
        log.error("no USB stick labelled %s* found", args.label)
        return 1
    device, fstype, already = found
    dest = Path(args.dest) / time.strftime("%Y-%m-%d_%H%M")
    try:
        if already:
            log.info("%s already mounted at %s", device, already)
            files = copy_trip_files(Path(already), dest)
        else:
            with StickMount(device, fstype) as root:
                files = copy_trip_files(root, dest)
    except (subprocess.CalledProcessError, OSError) as exc:
        log.error("import failed: %s", getattr(exc, "stderr", None) or exc)
        return 1
    dest.mkdir(parents=True, exist_ok=True)
    (dest / "import.json").write_text(json.dumps({"device": device, "files": files}, indent=1))
    log.info("imported %d files into %s", len(files), dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
