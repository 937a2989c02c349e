#!/usr/bin/env python3
"""unpack_asset_bundles.py - unpack the art team's weekly asset drop
(tar.gz archives of textures and audio) into the game project's staging
area and recompress oversized PNG textures.

Texture recompression is done by a generated shell script that runs
pngquant over the list of files handed to it on stdin.
"""
import argparse
import logging
import os
import subprocess
import sys
import tarfile
from pathlib import Path

LOG = logging.getLogger("unpack-assets")
STAGING = Path("Assets/_Incoming")
MAX_PNG_BYTES = 2 * 1024 * 1024

RECOMPRESS_SH = """#!/bin/bash
# recompress PNGs listed on stdin; quality comes from the environment
count=0
while IFS= read -r png; do
    [ -f "$png" ] || continue
    if pngquant --force --skip-if-larger --quality="$PNG_QUALITY" --output "$png" -- "$png"; then
        count=$((count + 1))
    fi
done
echo "$count"
"""


class DropUnpacker:
    def __init__(self, staging: Path):
        self.staging = staging
        self.unpacked = []

    def unpack(self, archive: Path) -> Path:
        dest = self.staging / archive.name.split(".")[0]
        dest.mkdir(parents=True, exist_ok=True)
        LOG.info("unpacking %s -> %s", archive, dest)
        with tarfile.open(archive, "r:*") as tar:
            members = tar.getmembers()
            LOG.info("  %d entries", len(members))
            tar.extractall(dest)
        self.unpacked.append(dest)
        return dest

    def oversized_pngs(self):
        for d in self.unpacked:
            for png in d.rglob("*.png"):
                try:
                    if png.stat().st_size > MAX_PNG_BYTES:
                        yield png
                except OSError:
                    continue


def recompress(pngs, quality: str, work_dir: Path) -> int:
    if not pngs:
        return 0
    script = work_dir / "recompress.sh"
    script.write_text(RECOMPRESS_SH)
    env = dict(os.environ, PNG_QUALITY=quality)
    res = subprocess.run(["bash", str(script)], input="\n".join(map(str, pngs)),
                         capture_output=True, text=True, env=env)
    if res.returncode != 0:
        LOG.warning("recompress script returned %d: %s", res.returncode, res.stderr[-300:])
    try:
        return int(res.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("archives", nargs="+", help="asset drop archives (.tar.gz)")
    ap.add_argument("--staging", default=str(STAGING))
    ap.add_argument("--quality", default="65-85")
    ap.add_argument("--no-recompress", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    unpacker = DropUnpacker(Path(args.staging))
    failed = 0
    for name in args.archives:
        archive = Path(name)
        if not archive.is_file():
            LOG.error("no such archive: %s", archive)
            failed += 1
            continue
        try:
            unpacker.unpack(archive)
        except (tarfile.TarError, OSError) as exc:
            LOG.error("could not unpack %s: %s", archive, exc)
            failed += 1

    if not args.no_recompress:
        big = list(unpacker.oversized_pngs())
        LOG.info("%d textures above %d bytes", len(big), MAX_PNG_BYTES)
        work = Path("build")
        work.mkdir(exist_ok=True)
        done = recompress(big, args.quality, work)
        LOG.info("recompressed %d textures", done)

    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
