#!/usr/bin/env python3
"""Mount the branch parts-catalogue share on a workshop tablet.

The parts catalogue (PDF fitment guides, price lists) lives on the branch
NAS. This writes a small mount helper next to itself and runs it, using
sudo because mounting needs root.
"""
import argparse
import logging
import os
import stat
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("parts_share")

DEFAULT_SERVER = "192.0.2.30"
DEFAULT_EXPORT = "/export/parts"
DEFAULT_MOUNTPOINT = "/mnt/parts"

HELPER = """#!/bin/bash
set -e
if mountpoint -q "$MOUNTPOINT"; then
    echo "already mounted at $MOUNTPOINT"
    exit 0
fi
sudo mkdir -p "$MOUNTPOINT"
sudo mount -t nfs -o ro,soft,timeo=50,nfsvers=4 "$SERVER:$EXPORT" "$MOUNTPOINT"
echo "mounted $SERVER:$EXPORT on $MOUNTPOINT"
"""

UNMOUNT_HELPER = """#!/bin/bash
set -e
if mountpoint -q "$MOUNTPOINT"; then
    sudo umount "$MOUNTPOINT"
    echo "unmounted $MOUNTPOINT"
else
    echo "nothing mounted at $MOUNTPOINT"
fi
"""


class ShareMounter:
    def __init__(self, server, export, mountpoint, workdir):
        self.server = server
        self.export = export
        self.mountpoint = mountpoint
        self.workdir = Path(workdir)

    def _write_helper(self, name, body):
        path = self.workdir / name
        path.write_text(body)
        path.chmod(stat.S_IRWXU)
        return path

    def _run(self, helper):
        env = dict(os.environ, SERVER=self.server, EXPORT=self.export,
                   MOUNTPOINT=self.mountpoint)
        proc = subprocess.run(["bash", str(helper)], env=env,
                              capture_output=True, text=True, timeout=120)
        if proc.stdout:
            LOG.info(proc.stdout.strip())
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or f"helper exit {proc.returncode}")

    def mount(self):
        self._run(self._write_helper("mount_parts_share.sh", HELPER))

    def unmount(self):
        self._run(self._write_helper("unmount_parts_share.sh", UNMOUNT_HELPER))

    def list_catalogues(self, limit=10):
        base = Path(self.mountpoint)
        if not base.is_dir():
            return []
        return sorted(p.name for p in base.glob("*.pdf"))[:limit]


def main():
    ap = argparse.ArgumentParser(description="Mount the branch parts share")
    ap.add_argument("action", choices=["mount", "unmount", "list"], nargs="?", default="mount")
    ap.add_argument("--server", default=os.environ.get("PARTS_NAS", DEFAULT_SERVER))
    ap.add_argument("--export", default=DEFAULT_EXPORT)
    ap.add_argument("--mountpoint", default=DEFAULT_MOUNTPOINT)
    ap.add_argument("--workdir", default=os.getcwd())
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    m = ShareMounter(args.server, args.export, args.mountpoint, args.workdir)
    try:
        if args.action == "mount":
            m.mount()
            for name in m.list_catalogues():
                LOG.info("catalogue: %s", name)
        elif args.action == "unmount":
            m.unmount()
        else:
            names = m.list_catalogues(limit=1000)
            print("\n".join(names) if names else "(share not mounted or empty)")
    except (RuntimeError, subprocess.TimeoutExpired, OSError) as exc:
        LOG.error("%s failed: %s", args.action, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
