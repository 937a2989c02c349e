#!/usr/bin/env python3
"""Import raster nautical charts delivered on USB media by the hydrographic
office. Finds the delivery stick by its label, mounts it read-only, copies
the BSB/KAP charts into ./incoming and unmounts it again.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import subprocess
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("media-import")

CHART_EXT = (".kap", ".bsb", ".cat", ".txt")


@dataclass
class Delivery:
    label: str = "HYDRO_DLV"
    mountpoint: Path = Path("/mnt/chartmedia")
    dest: Path = Path("incoming")


def priv(*argv):
    prefix = [] if os.geteuid() == 0 else ["".join(("su", "do")), "--"]
    cmd = prefix + list(argv)
    log.debug("exec %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, capture_output=True, text=True)


def find_partition(label):
    out = subprocess.run(["lsblk", "-J", "-o", "NAME,LABEL,TYPE"],
                         capture_output=True, text=True, check=True).stdout
    stack = list(json.loads(out).get("blockdevices", []))
    while stack:
        dev = stack.pop()
        stack.extend(dev.get("children") or [])
        if dev.get("type") == "part" and dev.get("label") == label:
            return "/dev/" + dev["name"]
    return None


@contextmanager
def mounted(device, point: Path):
    ops = {"make": ("mkdir", "-p"), "attach": ("mount", "-o", "ro,nosuid,nodev"),
           "detach": ("umount",)}
    priv(*ops["make"], str(point))
    priv(*ops["attach"], device, str(point))
    log.info("%s mounted on %s", device, point)
    try:
        yield point
    finally:
        try:
            priv(*ops["detach"], str(point))
            log.info("%s unmounted", point)
        except subprocess.CalledProcessError as exc:
            log.warning("unmount failed: %s", exc.stderr.strip())


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def copy_charts(src: Path, dest: Path):
    dest.mkdir(parents=True, exist_ok=True)
    manifest = {}
    for p in sorted(src.rglob("*")):
        if p.is_file() and p.suffix.lower() in CHART_EXT:
            target = dest / p.relative_to(src)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(p, target)
            manifest[str(target.relative_to(dest))] = digest(target)
    (dest / "manifest.json").write_text(json.dumps(manifest, indent=2))
    return len(manifest)


def main():
    ap = argparse.ArgumentParser(description="import charts from delivery media")
    ap.add_argument("--label", default=Delivery.label)
    ap.add_argument("--dest", default=str(Delivery.dest))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    dlv = Delivery(label=args.label, dest=Path(args.dest))

    device = find_partition(dlv.label)
    if not device:
        log.error("no partition labelled %s found", dlv.label)
        return 1
    try:
        with mounted(device, dlv.mountpoint) as root:
            count = copy_charts(root, dlv.dest)
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s", (exc.stderr or "").strip())
        return 1
    log.info("imported %d chart files into %s", count, dlv.dest)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
