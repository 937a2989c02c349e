#!/usr/bin/env python3
"""Mount the fulldome show-asset share on a playback node.

Show masters (4K/8K fisheye frame sequences and audio stems) live on the
media NAS. Before a show load, each playback node needs the share mounted
read-only at the same path. This tool reads the share list from a JSON
config, generates the mount script and runs it.
"""

import argparse
import json
import logging
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("asset-mount")

DEFAULT_CONFIG = {
    "shares": [
        {"server": "192.0.2.40", "export": "/exports/shows", "mountpoint": "/mnt/show_assets",
         "options": "ro,vers=4.1,hard,nconnect=4,rsize=1048576"},
        {"server": "192.0.2.40", "export": "/exports/audio", "mountpoint": "/mnt/show_audio",
         "options": "ro,vers=4.1,hard"},
    ]
}

SAFE = re.compile(r"^[A-Za-z0-9_./=,:-]+$")

MOUNT_TEMPLATE = """#!/bin/bash
set -euo pipefail
if mountpoint -q "$MP"; then
    echo "already mounted: $MP"
    exit 0
fi
sudo mkdir -p "$MP"
sudo mount -t nfs -o "$OPTS" "$SERVER:$EXPORT" "$MP"
echo "mounted $SERVER:$EXPORT on $MP"
"""

UMOUNT_TEMPLATE = """#!/bin/bash
set -uo pipefail
if mountpoint -q "$MP"; then
    sudo umount "$MP" && echo "unmounted $MP"
else
    echo "not mounted: $MP"
fi
"""


class Share:
    def __init__(self, entry):
        self.server = entry["server"]
        self.export = entry["export"]
        self.mountpoint = entry["mountpoint"]
        self.options = entry.get("options", "ro")
        for value in (self.server, self.export, self.mountpoint, self.options):
            if not SAFE.match(value):
                raise ValueError(f"unsafe characters in share entry: {value!r}")
        if not self.mountpoint.startswith("/mnt/"):
            raise ValueError(f"mountpoint must be under /mnt: {self.mountpoint}")

    def env(self):
        return dict(os.environ, SERVER=self.server, EXPORT=self.export,
                    MP=self.mountpoint, OPTS=self.options)

    def __str__(self):
        return f"{self.server}:{self.export} -> {self.mountpoint}"


def load_config(path):
    if path and Path(path).exists():
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    LOG.info("using built-in share list")
    return DEFAULT_CONFIG


def run_template(template, share):
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(template)
        script = fh.name
    try:
        proc = subprocess.run(["bash", script], env=share.env(),
                              capture_output=True, text=True, timeout=120)
    finally:
        os.unlink(script)
    if proc.stdout.strip():
        LOG.info(proc.stdout.strip())
    if proc.returncode != 0:
        LOG.error("%s failed: %s", share, proc.stderr.strip())
    return proc.returncode == 0


def check_frames(share, sample):
    root = Path(share.mountpoint)
    shows = sorted(p for p in root.iterdir() if p.is_dir())[:sample]
    for show in shows:
        frames = sum(1 for _ in show.glob("*.png"))
        LOG.info("  %s: %d frame(s)", show.name, frames)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="asset_shares.json")
    ap.add_argument("--unmount", action="store_true")
    ap.add_argument("--check", type=int, default=3, help="list frame counts for N shows")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        shares = [Share(e) for e in load_config(args.config)["shares"]]
    except (KeyError, ValueError, OSError) as exc:
        LOG.error("bad config: %s", exc)
        return 1

    ok = True
    for share in shares:
        LOG.info("%s %s", "unmounting" if args.unmount else "mounting", share)
        template = UMOUNT_TEMPLATE if args.unmount else MOUNT_TEMPLATE
        if not run_template(template, share):
            ok = False
            continue
        if not args.unmount and args.check:
            try:
                check_frames(share, args.check)
            except OSError as exc:
                LOG.warning("cannot list %s: %s", share.mountpoint, exc)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
