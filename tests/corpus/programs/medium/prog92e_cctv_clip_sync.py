#!/usr/bin/env python3
"""Archive CCTV clips from the NVR export folder to the facility NAS.

The NVR drops motion clips into an export folder (one subfolder per camera).
Clips older than `keep_days` are pushed to the NAS archive over rsync/ssh,
the transfer is checked with a second dry-run pass, and archived clips are
removed from the NVR export folder.

Config is archive.toml in the working directory:

    [nas]
    target = "archive@nas01.storage.lan:/volume1/cctv"
    ssh_key = "keys/nas_archive_ed25519"

    [clips]
    source = "nvr_export"
    keep_days = 7
"""
import argparse
import logging
import os
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

log = logging.getLogger("cctv_archive")

CLIP_EXT = {".mp4", ".mkv", ".avi", ".h264"}


def load_config(path):
    with open(path, "rb") as fh:
        return tomllib.load(fh)


def old_clips(source, keep_days):
    cutoff = time.time() - keep_days * 86400
    for p in Path(source).rglob("*"):
        if p.suffix.lower() in CLIP_EXT and p.is_file() and p.stat().st_mtime < cutoff:
            yield p


class RsyncPush:
    def __init__(self, target, ssh_key, bwlimit=None):
        self.target = target.rstrip("/") + "/" + os.uname().nodename + "/"
        self.ssh = f"ssh -i {ssh_key} -o BatchMode=yes -o ConnectTimeout=15"
        self.bwlimit = bwlimit

    def _cmd(self, listfile, source, dry=False):
        cmd = ["rsync", "-a", "--partial", "--files-from", listfile, "-e", self.ssh]
        if self.bwlimit:
            cmd.append(f"--bwlimit={self.bwlimit}")
        if dry:
            cmd += ["--dry-run", "--itemize-changes"]
        return cmd + [str(source) + "/", self.target]

    def push(self, clips, source, retries=3):
        with tempfile.NamedTemporaryFile("w", suffix=".lst", delete=False) as fh:
            for c in clips:
                fh.write(str(c.relative_to(source)) + "\n")
            listfile = fh.name
        try:
            for attempt in range(1, retries + 1):
                proc = subprocess.run(self._cmd(listfile, source), capture_output=True, text=True)
                if proc.returncode == 0:
                    break
                log.warning("rsync attempt %d exit %d: %s", attempt, proc.returncode,
                            proc.stderr.strip()[:300])
                time.sleep(10 * attempt)
            else:
                raise RuntimeError("rsync failed")
            check = subprocess.run(self._cmd(listfile, source, dry=True),
                                   capture_output=True, text=True, check=True)
            pending = [l for l in check.stdout.splitlines() if l.startswith("<f")]
            if pending:
                raise RuntimeError(f"{len(pending)} clips differ after transfer")
        finally:
            os.unlink(listfile)


def main():
    ap = argparse.ArgumentParser(description="Archive CCTV clips to the NAS")
    ap.add_argument("-c", "--config", default="archive.toml")
    ap.add_argument("--keep-source", action="store_true", help="do not delete archived clips")
    ap.add_argument("--bwlimit", help="rsync bandwidth limit, e.g. 5M")
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

    pusher = RsyncPush(nas["target"], nas.get("ssh_key", "keys/nas_archive_ed25519"), args.bwlimit)
    try:
        pusher.push(todo, source)
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("archive failed: %s", exc)
        return 1

    if not args.keep_source:
        for clip in todo:
            clip.unlink(missing_ok=True)
    log.info("archived %d clips", len(todo))
    return 0


if __name__ == "__main__":
    sys.exit(main())
