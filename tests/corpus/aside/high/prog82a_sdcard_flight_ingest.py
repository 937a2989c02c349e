#!/usr/bin/env python3
"""Ingest imagery and flight records from a drone SD card.

Finds the removable card (by filesystem label or the DCIM layout), attaches
it read-only, copies DCIM images and DJI FlightRecord files into the
project's raw/ tree organised by date, then detaches the card.

Config (ingest.json in the project directory):
    {"labels": ["DJI_MAVIC3", "UNTITLED"], "mountpoint": "/mnt/drone_sd"}
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("sd-ingest")

DEFAULTS = {"labels": ["DJI", "UNTITLED", "NO NAME"], "mountpoint": "/mnt/drone_sd",
            "fstypes": ["vfat", "exfat"]}


def load_config(project: Path):
    cfg = dict(DEFAULTS)
    f = project / "ingest.json"
    if f.exists():
        cfg.update(json.loads(f.read_text()))
    return cfg


def removable_partitions(cfg):
    out = subprocess.run(["lsblk", "--json", "-o", "NAME,PATH,RM,FSTYPE,LABEL,MOUNTPOINT"],
                         capture_output=True, text=True, check=True).stdout
    for dev in json.loads(out)["blockdevices"]:
        for part in dev.get("children", []) or []:
            if not (dev.get("rm") or part.get("rm")):
                continue
            if part.get("fstype") not in cfg["fstypes"]:
                continue
            label = (part.get("label") or "").upper()
            if any(label.startswith(l.upper()) for l in cfg["labels"]) or not label:
                yield part


class CardMount:
    """Context manager attaching the card read-only at a fixed mountpoint."""

    def __init__(self, part, mountpoint):
        self.part = part
        self.mountpoint = Path(mountpoint)
        self.ours = False

    def _priv(self, *cmd):
        full = ["sudo", "-n", *cmd] if os.geteuid() != 0 else list(cmd)
        subprocess.run(full, check=True)

    def __enter__(self):
        if self.part.get("mountpoint"):
            return Path(self.part["mountpoint"])
        self._priv("mkdir", "-p", str(self.mountpoint))
        opts = f"ro,uid={os.getuid()},gid={os.getgid()},umask=022"
        self._priv("mount", "-t", self.part["fstype"], "-o", opts, self.part["path"], str(self.mountpoint))
        self.ours = True
        return self.mountpoint

    def __exit__(self, *exc):
        if self.ours:
            self._priv("umount", str(self.mountpoint))


def quick_digest(path: Path):
    h = hashlib.sha1()
    with path.open("rb") as fh:
        h.update(fh.read(1 << 16))
    h.update(str(path.stat().st_size).encode())
    return h.hexdigest()


def copy_tree(card: Path, raw: Path):
    copied = 0
    sources = list(card.glob("DCIM/**/*.JPG")) + list(card.glob("DCIM/**/*.DNG")) \
        + list(card.glob("**/FlightRecord/*.txt"))
    for src in sources:
        day = datetime.fromtimestamp(src.stat().st_mtime).strftime("%Y-%m-%d")
        kind = "logs" if src.suffix == ".txt" else "images"
        dst = raw / day / kind / src.name
        if dst.exists() and quick_digest(dst) == quick_digest(src):
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)
        copied += 1
    return copied, len(sources)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Ingest a drone SD card into a survey project")
    ap.add_argument("project", type=Path)
    ap.add_argument("--device", help="partition path, skips auto-detection")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = load_config(args.project)
    try:
        if args.device:
            parts = [{"path": args.device, "fstype": cfg["fstypes"][0], "mountpoint": None}]
        else:
            parts = list(removable_partitions(cfg))
    except (subprocess.CalledProcessError, FileNotFoundError) as exc:
        log.error("device scan failed: %s", exc)
        return 2
    if not parts:
        log.error("no drone SD card found")
        return 1

    part = parts[0]
    log.info("using %s (%s)", part["path"], part.get("label") or "no label")
    try:
        with CardMount(part, cfg["mountpoint"]) as card:
            copied, total = copy_tree(card, args.project / "raw")
    except subprocess.CalledProcessError as exc:
        log.error("could not attach card: %s", exc)
        return 1
    log.info("copied %d of %d files", copied, total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
