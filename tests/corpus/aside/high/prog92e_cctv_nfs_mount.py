#!/usr/bin/env python3
"""Archive CCTV clips from the NVR export folder to the facility NAS.

The NVR drops motion clips into an export folder (one subfolder per camera).
Clips older than `keep_days` are copied to the NAS archive share, verified
by size, and removed from the NVR export folder. The NAS share is mounted
for the duration of the run and unmounted afterwards.

Config is archive.toml in the working directory:

    [nas]
    export = "nas01.storage.lan:/volume1/cctv"
    mountpoint = "/mnt/cctv_archive"
    options = "vers=4,soft,timeo=150"

    [clips]
    source = "nvr_export"
    keep_days = 7
"""
import argparse
import contextlib
import logging
import os
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

log = logging.getLogger("cctv_archive")

CLIP_EXT = {".mp4", ".mkv", ".avi", ".h264"}


def load_config(path):
    with open(path, "rb") as fh:
        return tomllib.load(fh)


def _priv(*argv):
    cmd = ["sudo", "-n", *argv]
    log.debug("run %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, capture_output=True, text=True)


@contextlib.contextmanager
def nas_share(export, mountpoint, options):
    mp = Path(mountpoint)
    already = os.path.ismount(mp)
    if not already:
        _priv("mkdir", "-p", str(mp))
        for attempt in range(3):
            try:
                _priv("mount", "-t", "nfs4", "-o", options, export, str(mp))
                break
            except subprocess.CalledProcessError as exc:
                log.warning("mount attempt %d failed: %s", attempt + 1, exc.stderr.strip())
                time.sleep(5 * (attempt + 1))
        else:
            raise RuntimeError(f"could not mount {export}")
    try:
        yield mp
    finally:
        if not already:
            with contextlib.suppress(subprocess.CalledProcessError):
                _priv("umount", str(mp))


def old_clips(source, keep_days):
    cutoff = time.time() - keep_days * 86400
    for p in Path(source).rglob("*"):
        if p.suffix.lower() in CLIP_EXT and p.is_file() and p.stat().st_mtime < cutoff:
            yield p


def archive(clip, source, dest_root):
    rel = clip.relative_to(source)
    day = time.strftime("%Y/%m/%d", time.localtime(clip.stat().st_mtime))
    dest = dest_root / day / rel
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(clip, dest)
    if dest.stat().st_size != clip.stat().st_size:
        dest.unlink(missing_ok=True)
        raise IOError(f"size mismatch for {rel}")
    return dest


def main():
    ap = argparse.ArgumentParser(description="Archive CCTV clips to the NAS")
    ap.add_argument("-c", "--config", default="archive.toml")
    ap.add_argument("--keep-source", action="store_true", help="do not delete archived clips")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    nas, clips = cfg["nas"], cfg["clips"]
    source = Path(clips.get("source", "nvr_export"))
    todo = sorted(old_clips(source, int(clips.get("keep_days", 7))))
    if not todo:
        log.info("no clips to archive")
        return 0
    log.info("%d clips to archive", len(todo))

    done = failed = 0
    with nas_share(nas["export"], nas.get("mountpoint", "/mnt/cctv_archive"),
                   nas.get("options", "vers=4,soft")) as mp:
        dest_root = mp / os.uname().nodename
        for clip in todo:
            try:
                archive(clip, source, dest_root)
            except OSError as exc:
                failed += 1
                log.error("%s: %s", clip, exc)
                continue
            if not args.keep_source:
                clip.unlink()
            done += 1
    log.info("archived %d clips, %d failed", done, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
