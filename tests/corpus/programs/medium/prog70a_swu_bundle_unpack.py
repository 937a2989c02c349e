#!/usr/bin/env python3
"""Unpack an OTA update bundle produced by the release pipeline and check
it before it is published to the fleet server.

A bundle is a tar archive holding `sw-description.yml` plus the images it
lists (bootloader, kernel FIT, rootfs). This tool extracts it, validates
the description against the images (size + sha256) and prints a summary
the release manager signs off on.

    swu_bundle_unpack.py release/board-3.2.1.tar [-o unpacked/] [--json]
"""

import argparse
import hashlib
import json
import logging
import sys
import tarfile
from pathlib import Path

import yaml

log = logging.getLogger("swu-unpack")

REQUIRED_KEYS = ("version", "hardware-compatibility", "images")


def extract(bundle, dest):
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:*") as tar:
        members = tar.getmembers()
        log.info("%s: %d members", bundle.name, len(members))
        tar.extractall(path=dest)
    return dest


def load_description(root):
    for name in ("sw-description.yml", "sw-description.yaml"):
        candidate = root / name
        if candidate.is_file():
            with open(candidate) as fh:
                return yaml.load(fh, Loader=yaml.Loader)
    raise FileNotFoundError("bundle has no sw-description.yml")


def sha256_of(path, bufsize=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(bufsize), b""):
            h.update(block)
    return h.hexdigest()


def check_images(root, desc):
    problems, rows = [], []
    for img in desc.get("images", []):
        name = img.get("filename")
        path = root / name if name else None
        if not path or not path.is_file():
            problems.append(f"missing image {name!r}")
            continue
        size = path.stat().st_size
        digest = sha256_of(path)
        if "size" in img and int(img["size"]) != size:
            problems.append(f"{name}: size {size} != {img['size']}")
        if img.get("sha256") and img["sha256"].lower() != digest:
            problems.append(f"{name}: sha256 mismatch")
        rows.append({
            "filename": name,
            "type": img.get("type", "raw"),
            "device": img.get("device", "-"),
            "size": size,
            "sha256": digest,
        })
    return rows, problems


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bundle", type=Path)
    ap.add_argument("-o", "--out", type=Path, help="extraction directory")
    ap.add_argument("--json", action="store_true", help="machine readable summary")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.bundle.is_file():
        log.error("%s not found", args.bundle)
        return 2
    out = args.out or Path("unpacked") / args.bundle.stem
    try:
        root = extract(args.bundle, out)
        desc = load_description(root)
    except (tarfile.TarError, OSError, yaml.YAMLError) as exc:
        log.error("cannot read bundle: %s", exc)
        return 1

    missing = [k for k in REQUIRED_KEYS if k not in desc]
    if missing:
        log.error("sw-description lacks %s", ", ".join(missing))
        return 1

    rows, problems = check_images(root, desc)
    summary = {
        "bundle": args.bundle.name,
        "version": desc["version"],
        "hardware": desc["hardware-compatibility"],
        "images": rows,
        "problems": problems,
    }
    if args.json:
        json.dump(summary, sys.stdout, indent=2)
        print()
    else:
        print(f"bundle   {summary['bundle']}")
        print(f"version  {summary['version']}")
        print(f"hardware {', '.join(map(str, summary['hardware']))}")
        for r in rows:
            print(f"  {r['filename']:<32} {r['type']:<8} {r['device']:<18} {r['size']:>12}  {r['sha256'][:16]}")
        for p in problems:
            print(f"  !! {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
