#!/usr/bin/env python3
"""Pull the photographer's delivery from the studio NAS into the local gallery.

The studio drops finished galleries on their Synology share as
//nas.studio.lan/deliveries/<couple>/<event>. This tool attaches the share,
mirrors the event folder into ./gallery/<event> with rsync (so re-runs only
copy what changed) and writes a small index.json the gallery page reads.

Settings come from nas_import.ini:

    [nas]
    share = //nas.studio.lan/deliveries
    mountpoint = /mnt/studio
    credentials = ~/.config/studio/nas.cred
"""
import argparse
import configparser
import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("nas_import")
PHOTO_EXTS = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".heic"}


def load_settings(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"nas": {"share": "//nas.studio.lan/deliveries",
                          "mountpoint": "/mnt/studio",
                          "credentials": "~/.config/studio/nas.cred",
                          "vers": "3.0"}})
    cp.read(path)
    return cp["nas"]


def run(cmd, **kw):
    log.debug("+ %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, text=True, capture_output=True, **kw)


class ShareMount:
    """Context manager that attaches the studio share for the duration of the import."""

    def __init__(self, share, mountpoint, credentials, vers="3.0"):
        self.share = share
        self.mountpoint = Path(mountpoint)
        self.credentials = os.path.expanduser(credentials)
        self.vers = vers
        self._attached_here = False

    def _is_mounted(self):
        return os.path.ismount(self.mountpoint)

    def __enter__(self):
        if self._is_mounted():
            log.info("%s already attached", self.mountpoint)
            return self.mountpoint
        opts = ",".join([
            f"credentials={self.credentials}",
            f"uid={os.getuid()}",
            f"gid={os.getgid()}",
            f"vers={self.vers}",
            "ro",
        ])
        run(["sudo", "mkdir", "-p", str(self.mountpoint)])
        run(["sudo", "mount", "-t", "cifs", self.share, str(self.mountpoint), "-o", opts])
        self._attached_here = True
        log.info("attached %s at %s", self.share, self.mountpoint)
        return self.mountpoint

    def __exit__(self, *exc):
        if self._attached_here:
            try:
                run(["sudo", "umount", str(self.mountpoint)])
            except subprocess.CalledProcessError as e:
                log.warning("could not detach %s: %s", self.mountpoint, e.stderr.strip())
        return False


def mirror(src, dest, dry_run=False):
    dest.mkdir(parents=True, exist_ok=True)
    cmd = ["rsync", "-rt", "--delete", "--itemize-changes",
           "--include=*/"] + [f"--include=*{e}" for e in sorted(PHOTO_EXTS)] + \
          ["--exclude=*", f"{src}/", f"{dest}/"]
    if dry_run:
        cmd.insert(1, "--dry-run")
    res = run(cmd)
    changed = [l for l in res.stdout.splitlines() if l.startswith(">f")]
    log.info("%d file(s) copied or updated", len(changed))
    return changed


def write_index(dest):
    photos = sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*")
                    if p.suffix.lower() in PHOTO_EXTS)
    (dest / "index.json").write_text(json.dumps({"count": len(photos), "photos": photos}, indent=1))
    return len(photos)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Import a photo delivery from the studio NAS")
    ap.add_argument("couple", help="folder name on the share, e.g. harper-cole")
    ap.add_argument("event", help="event folder, e.g. ceremony")
    ap.add_argument("--config", default="nas_import.ini")
    ap.add_argument("--dest", type=Path, default=Path("gallery"))
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    if shutil.which("rsync") is None:
        log.error("rsync not found")
        return 2
    cfg = load_settings(args.config)
    try:
        with ShareMount(cfg["share"], cfg["mountpoint"], cfg["credentials"], cfg["vers"]) as mnt:
            src = Path(mnt) / args.couple / args.event
            if not src.is_dir():
                log.error("no delivery at %s", src)
                return 1
            dest = args.dest / args.event
            mirror(src, dest, args.dry_run)
    except subprocess.CalledProcessError as e:
        log.error("%s failed: %s", e.cmd[0], (e.stderr or "").strip())
        return 3
    if not args.dry_run:
        n = write_index(dest)
        log.info("gallery/%s now has %d photos", args.event, n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
