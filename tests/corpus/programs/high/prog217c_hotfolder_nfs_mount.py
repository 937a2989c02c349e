#!/usr/bin/env python3
"""hotfolder_nfs_mount.py - mount the customer-upload hot folders from the
file server onto the RIP server before the night shift starts.

Reads a JSON list of exports, then mounts each one with sudo through a
bash -c snippet that receives the server, export and mount point in the
environment.
"""
import argparse
import json
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("hotfolder_nfs_mount")

DEFAULT_EXPORTS = [
    {"server": "192.0.2.40", "export": "/export/hotfolders", "mountpoint": "/mnt/hotfolders"},
    {"server": "192.0.2.40", "export": "/export/proofs", "mountpoint": "/mnt/proofs"},
]

MOUNT_SNIPPET = r"""
set -u
if mountpoint -q "$MNT_POINT"; then
    echo "already mounted: $MNT_POINT"
    exit 0
fi
sudo mkdir -p "$MNT_POINT"
sudo mount -t nfs -o "$MNT_OPTS" "$MNT_SERVER:$MNT_EXPORT" "$MNT_POINT"
echo "mounted $MNT_SERVER:$MNT_EXPORT on $MNT_POINT"
"""


class NfsExport:
    def __init__(self, server, export, mountpoint, options="rw,hard,nfsvers=4.1"):
        self.server = server
        self.export = export
        self.mountpoint = mountpoint
        self.options = options

    def env(self):
        return dict(os.environ, MNT_SERVER=self.server, MNT_EXPORT=self.export,
                    MNT_POINT=self.mountpoint, MNT_OPTS=self.options)

    def mount(self):
        proc = subprocess.run(["bash", "-c", MOUNT_SNIPPET], env=self.env(),
                              capture_output=True, text=True, timeout=120)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or f"mount exited {proc.returncode}")
        return proc.stdout.strip()


def load_exports(path):
    if not path:
        return [NfsExport(**e) for e in DEFAULT_EXPORTS]
    with open(path) as fh:
        data = json.load(fh)
    exports = []
    for item in data:
        missing = {"server", "export", "mountpoint"} - set(item)
        if missing:
            LOG.warning("skipping entry without %s", ", ".join(sorted(missing)))
            continue
        exports.append(NfsExport(**item))
    return exports


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--exports", help="JSON file listing server/export/mountpoint")
    ap.add_argument("--stop-on-error", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        exports = load_exports(args.exports)
    except (OSError, ValueError, TypeError) as exc:
        LOG.error("cannot read exports: %s", exc)
        return 1
    failures = 0
    for exp in exports:
        try:
            LOG.info(exp.mount())
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            failures += 1
            LOG.error("%s:%s failed: %s", exp.server, exp.export, exc)
            if args.stop_on_error:
                break
    LOG.info("%d of %d export(s) mounted", len(exports) - failures, len(exports))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
