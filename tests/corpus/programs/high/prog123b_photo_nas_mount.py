#!/usr/bin/env python3
"""Mount the shop NAS photo share and pull new listing photos for the catalogue.

The photographer drops finished item shots on the NAS (one folder per stock
number).  This mounts the NFS export, copies any folders newer than the last
run into ./listing_photos and unmounts again.  Settings live in nasphotos.toml.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

log = logging.getLogger("nasphotos")

DEFAULTS = {
    "server": "nas.shop.lan",
    "export": "/volume1/photos/stock",
    "mountpoint": "/mnt/shopphotos",
    "options": "ro,vers=4.1,soft,timeo=50",
    "dest": "listing_photos",
}
STAMP = Path(".nasphotos_last")


def load_settings(path):
    cfg = dict(DEFAULTS)
    p = Path(path)
    if p.exists():
        with p.open("rb") as fh:
            cfg.update(tomllib.load(fh).get("nas", {}))
    return cfg


def elevate_prefix():
    for tool in ("doas", "sudo"):
        if shutil.which(tool):
            return [tool]
    raise RuntimeError("neither doas nor sudo is available")


class NasMount:
    def __init__(self, cfg):
        self.cfg = cfg
        self.mnt = Path(cfg["mountpoint"])
        self.prefix = elevate_prefix()
        self.mounted_here = False

    def _root(self, *cmd):
        log.debug("%s", " ".join(self.prefix + list(cmd)))
        subprocess.run(self.prefix + list(cmd), check=True)

    def is_mounted(self):
        return os.path.ismount(self.mnt)

    def __enter__(self):
        if self.is_mounted():
            log.info("%s already mounted", self.mnt)
            return self
        if not self.mnt.exists():
            self._root("mkdir", "-p", str(self.mnt))
        src = f"{self.cfg['server']}:{self.cfg['export']}"
        for attempt in range(3):
            try:
                self._root("mount", "-t", "nfs4", "-o", self.cfg["options"], src, str(self.mnt))
                self.mounted_here = True
                log.info("mounted %s on %s", src, self.mnt)
                return self
            except subprocess.CalledProcessError:
                log.warning("mount attempt %d failed", attempt + 1)
                time.sleep(5)
        raise RuntimeError(f"could not mount {src}")

    def __exit__(self, *exc):
        if self.mounted_here:
            try:
                self._root("umount", str(self.mnt))
            except subprocess.CalledProcessError as err:
                log.warning("umount failed: %s", err)
        return False


def copy_new(src_root, dest_root, since):
    dest_root.mkdir(exist_ok=True)
    copied = 0
    for folder in sorted(p for p in src_root.iterdir() if p.is_dir()):
        if folder.stat().st_mtime <= since:
            continue
        target = dest_root / folder.name
        for img in folder.glob("*.jp*g"):
            target.mkdir(exist_ok=True)
            out = target / img.name
            if not out.exists() or out.stat().st_size != img.stat().st_size:
                shutil.copy2(img, out)
                copied += 1
    return copied


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="nasphotos.toml")
    ap.add_argument("--all", action="store_true", help="ignore last-run stamp")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_settings(args.config)
    since = 0.0 if args.all or not STAMP.exists() else float(STAMP.read_text())
    started = time.time()
    try:
        with NasMount(cfg) as nas:
            n = copy_new(nas.mnt, Path(cfg["dest"]), since)
    except (RuntimeError, OSError) as exc:
        log.error("%s", exc)
        return 1
    STAMP.write_text(str(started))
    log.info("copied %d new photos into %s", n, cfg["dest"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
