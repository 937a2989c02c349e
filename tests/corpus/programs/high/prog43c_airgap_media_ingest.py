#!/usr/bin/env python3
"""Ingest files from a source's USB stick on the air-gapped analysis laptop.

The stick is mounted read-only with noexec/nosuid, files are hashed and
copied into ./intake/<case>/, then the stick is unmounted again.
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

MOUNT_POINT = "/mnt/source_media"
MOUNT_OPTS = "ro,nosuid,nodev,noexec"
ALLOWED_EXT = {".pdf", ".txt", ".jpg", ".png", ".csv", ".eml", ".odt", ".docx"}
log = logging.getLogger("ingest")


def priv(cmd):
    """Run a command as root via sudo, prompting on the terminal if needed."""
    full = ["sudo", "--"] + cmd if os.geteuid() != 0 else cmd
    log.debug("exec %s", " ".join(full))
    return subprocess.run(full, check=True, capture_output=True, text=True)


def find_device(label):
    out = subprocess.run(["lsblk", "-J", "-o", "NAME,LABEL,RM,TYPE,FSTYPE"],
                         capture_output=True, text=True, check=True).stdout
    for disk in json.loads(out).get("blockdevices", []):
        for part in disk.get("children", []) or []:
            if part.get("rm") and part.get("type") == "part" and part.get("label") == label:
                return "/dev/" + part["name"], part.get("fstype")
    return None, None


def sha256_of(path, chunk=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def ingest(case_id):
    dest = Path("intake") / case_id
    dest.mkdir(parents=True, exist_ok=True)
    manifest = []
    for root, _dirs, files in os.walk(MOUNT_POINT):
        for name in files:
            src = Path(root) / name
            if src.suffix.lower() not in ALLOWED_EXT:
                log.info("skipping %s (type not allowed)", src)
                continue
            digest = sha256_of(src)
            target = dest / f"{digest[:12]}_{name}"
            shutil.copyfile(src, target)
            manifest.append({"source_path": str(src.relative_to(MOUNT_POINT)),
                             "sha256": digest, "stored_as": target.name,
                             "size": target.stat().st_size})
    (dest / "manifest.json").write_text(json.dumps(manifest, indent=2))
    return len(manifest)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("case_id")
    ap.add_argument("--label", default="SOURCE")
    ap.add_argument("--device", help="explicit partition, e.g. /dev/sdb1")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    device, fstype = (args.device, None) if args.device else find_device(args.label)
    if not device:
        log.error("no removable partition labelled %s", args.label)
        sys.exit(1)
    log.info("mounting %s (%s) at %s", device, fstype or "auto", MOUNT_POINT)
    priv(["mkdir", "-p", MOUNT_POINT])
    try:
        priv(["mount", "-o", MOUNT_OPTS, device, MOUNT_POINT])
        count = ingest(args.case_id)
        log.info("ingested %d files for case %s", count, args.case_id)
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s", exc.stderr)
        sys.exit(2)
    finally:
        time.sleep(0.5)
        subprocess.run(["sudo", "umount", MOUNT_POINT], check=False)


if __name__ == "__main__":
    main()
