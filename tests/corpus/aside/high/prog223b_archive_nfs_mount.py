#!/usr/bin/env python3
"""Pull last season's settlement PDFs from the co-op's NFS archive.

The head office keeps the grain settlement archive on an NFS export.  This
mounts it read-only, copies the PDFs for the requested season and growers into
the working directory and unmounts it again.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("archive_mount")

DEFAULTS = {
    "server": "192.0.2.10",
    "export": "/srv/grain_archive",
    "mountpoint": "/mnt/grain_archive",
    "options": "ro,vers=4.1,soft,timeo=100",
}

MOUNT_SCRIPT = """set -e
mkdir -p "$MNT"
if mountpoint -q "$MNT"; then
    echo "already mounted"
else
    mount -t nfs -o "$OPTS" "$SERVER:$EXPORT" "$MNT"
    echo "mounted"
fi
"""

UMOUNT_SCRIPT = """set -e
if mountpoint -q "$MNT"; then umount "$MNT"; echo "unmounted"; fi
"""


class ArchiveMount:
    def __init__(self, cfg: dict):
        self.cfg = cfg
        self.mnt = Path(cfg["mountpoint"])

    def _env(self) -> dict:
        return dict(os.environ, MNT=str(self.mnt), OPTS=self.cfg["options"],
                    SERVER=self.cfg["server"], EXPORT=self.cfg["export"])

    def _root(self, script: str) -> str:
        proc = subprocess.run(["sudo", "--preserve-env=MNT,OPTS,SERVER,EXPORT", "bash", "-s"],
                              input=script, env=self._env(), capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or "privileged step failed")
        return proc.stdout.strip()

    def __enter__(self):
        LOG.info("mounting %s:%s on %s", self.cfg["server"], self.cfg["export"], self.mnt)
        LOG.info(self._root(MOUNT_SCRIPT))
        return self

    def __exit__(self, *exc):
        try:
            LOG.info(self._root(UMOUNT_SCRIPT) or "nothing to unmount")
        except RuntimeError as err:
            LOG.error("unmount failed: %s", err)
        return False


def copy_settlements(src_root: Path, season: str, growers: list[str], dest: Path) -> int:
    season_dir = src_root / season
    if not season_dir.is_dir():
        LOG.error("season %s not found on archive", season)
        return 0
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for pdf in sorted(season_dir.rglob("*.pdf")):
        if growers and not any(g in pdf.name for g in growers):
            continue
        shutil.copy2(pdf, dest / pdf.name)
        copied += 1
    return copied


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("season", help="e.g. 2023-24")
    ap.add_argument("-g", "--grower", action="append", default=[], help="grower ID filter")
    ap.add_argument("-c", "--config", type=Path, help="JSON overriding server/export/mountpoint")
    ap.add_argument("-o", "--out", type=Path, default=Path("./settlements"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = dict(DEFAULTS)
    if args.config:
        try:
            cfg.update(json.loads(args.config.read_text()))
        except (OSError, json.JSONDecodeError) as exc:
            LOG.error("bad config %s: %s", args.config, exc)
            return 2
    try:
        with ArchiveMount(cfg) as archive:
            n = copy_settlements(archive.mnt, args.season, args.grower, args.out)
    except RuntimeError as exc:
        LOG.error("archive access failed: %s", exc)
        return 1
    LOG.info("copied %d settlement PDFs to %s", n, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
