#!/usr/bin/env python3
"""Collect practical-exam submissions from students' USB sticks.

In rooms without network access, students save their work to a USB stick
that the invigilator plugs into the collection station. This tool waits for
a new block device, mounts it read-only, copies the candidate folder into
./collected/<candidate>/ and unmounts it again. Run as root on the station.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import subprocess
import time
from pathlib import Path

log = logging.getLogger("usb-collect")
MOUNT_ROOT = Path("/mnt/exam-collect")
ALLOWED_EXT = {".py", ".java", ".c", ".ipynb", ".pdf", ".txt", ".md"}


def list_partitions():
    out = subprocess.run(["lsblk", "-J", "-o", "NAME,TYPE,RM,FSTYPE"],
                         capture_output=True, text=True, check=True).stdout
    parts = []
    for disk in json.loads(out)["blockdevices"]:
        if not disk.get("rm"):
            continue
        for child in disk.get("children", []):
            if child["type"] == "part" and child.get("fstype") in ("vfat", "exfat", "ntfs"):
                parts.append("/dev/" + child["name"])
    return set(parts)


class ReadOnlyMount:
    def __init__(self, device):
        self.device = device
        self.target = MOUNT_ROOT / Path(device).name

    def __enter__(self):
        self.target.mkdir(parents=True, exist_ok=True)
        subprocess.run(["mount", "-o", "ro,nosuid,nodev,noexec", self.device,
                        str(self.target)], check=True)
        return self.target

    def __exit__(self, *exc):
        subprocess.run(["umount", str(self.target)], check=False)
        try:
            self.target.rmdir()
        except OSError:
            pass


def copy_candidate(src_root, dest_root):
    candidates = [p for p in src_root.iterdir() if p.is_dir() and p.name.isdigit()]
    if len(candidates) != 1:
        raise ValueError(f"expected one candidate-number folder, found {len(candidates)}")
    cand = candidates[0]
    dest = dest_root / cand.name
    manifest = {}
    for path in cand.rglob("*"):
        if path.is_file() and path.suffix.lower() in ALLOWED_EXT:
            rel = path.relative_to(cand)
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, dest / rel)
            manifest[str(rel)] = hashlib.sha256(path.read_bytes()).hexdigest()
    (dest / "MANIFEST.json").write_text(json.dumps(manifest, indent=2, sort_keys=True))
    return cand.name, len(manifest)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, default=Path("collected"))
    ap.add_argument("--poll", type=float, default=1.5)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if os.geteuid() != 0:
        log.error("mounting requires root; run from the station service account")
        return 1
    args.out.mkdir(exist_ok=True)
    seen = list_partitions()
    log.info("waiting for USB sticks (already present: %s)", ", ".join(sorted(seen)) or "none")
    try:
        while True:
            current = list_partitions()
            for dev in sorted(current - seen):
                log.info("new device %s", dev)
                try:
                    with ReadOnlyMount(dev) as mnt:
                        cand, n = copy_candidate(mnt, args.out)
                    log.info("candidate %s: %d files collected - remove the stick", cand, n)
                except (subprocess.CalledProcessError, ValueError, OSError) as exc:
                    log.error("could not collect from %s: %s", dev, exc)
            seen = current
            time.sleep(args.poll)
    except KeyboardInterrupt:
        log.info("collection stopped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
