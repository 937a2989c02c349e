#!/usr/bin/env python3
"""Pull consignment scans from the office NAS.

Consignors' material is scanned in the back office onto the NAS share
"consignments".  This tool attaches the share on the bench PC, copies new
scans for the given sale into ./incoming/<sale>, and detaches again.
"""
import argparse
import configparser
import hashlib
import logging
import os
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

LOG = logging.getLogger("consign-sync")

DEFAULTS = {
    "share": "//nas.harbourstamps.lan/consignments",
    "mountpoint": "/mnt/consignments",
    "credentials": str(Path.home() / ".config" / "consign-sync" / "smb.cred"),
    "options": "vers=3.0,ro,iocharset=utf8",
}


def load_settings(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"nas": DEFAULTS})
    cfg.read(path)
    return cfg["nas"]


def run_privileged(args):
    cmd = ["sudo", "-n"] + args if os.geteuid() != 0 else args
    LOG.debug("running %s", " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{args[0]} failed: {proc.stderr.strip()}")


@contextmanager
def attached_share(nas):
    mnt = Path(nas["mountpoint"])
    already = os.path.ismount(mnt)
    if not already:
        run_privileged(["mkdir", "-p", str(mnt)])
        opts = f"{nas['options']},credentials={nas['credentials']},uid={os.getuid()},gid={os.getgid()}"
        run_privileged(["mount", "-t", "cifs", nas["share"], str(mnt), "-o", opts])
        LOG.info("mounted %s on %s", nas["share"], mnt)
    try:
        yield mnt
    finally:
        if not already:
            try:
                run_privileged(["umount", str(mnt)])
                LOG.info("unmounted %s", mnt)
            except RuntimeError as exc:
                LOG.warning("%s", exc)


def digest(path, block=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(block), b""):
            h.update(chunk)
    return h.hexdigest()


def copy_new(src_dir, dest_dir, exts=(".tif", ".tiff", ".jpg", ".png")):
    dest_dir.mkdir(parents=True, exist_ok=True)
    copied = skipped = 0
    for src in sorted(src_dir.rglob("*")):
        if not src.is_file() or src.suffix.lower() not in exts:
            continue
        target = dest_dir / src.relative_to(src_dir)
        if target.exists() and target.stat().st_size == src.stat().st_size and digest(target) == digest(src):
            skipped += 1
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, target)
        copied += 1
    return copied, skipped


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sale", help="sale code, e.g. 2024-11-philately")
    ap.add_argument("--settings", default="consign-sync.ini")
    ap.add_argument("--dest", default="incoming")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    nas = load_settings(args.settings)
    if not Path(nas["credentials"]).exists():
        LOG.error("credentials file %s missing", nas["credentials"])
        return 2
    try:
        with attached_share(nas) as mnt:
            src = mnt / args.sale
            if not src.is_dir():
                LOG.error("no folder for sale %s on the share", args.sale)
                return 1
            copied, skipped = copy_new(src, Path(args.dest) / args.sale)
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1
    LOG.info("sale %s: %d new scans, %d unchanged", args.sale, copied, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
