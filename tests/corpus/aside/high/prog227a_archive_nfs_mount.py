#!/usr/bin/env python3
"""Mount or unmount the long-term buoy archive NFS export on a processing node.

The reprocessing jobs expect the archive at /mnt/buoy_archive.  This helper
renders a short shell script with the mount options for the chosen profile,
runs it with bash, and then checks the mount is really there.  It does not
touch /etc/fstab: the mount lasts until the next reboot or `--unmount`.
"""

import argparse
import logging
import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("archive_mount")

EXPORT = os.environ.get("ARCHIVE_EXPORT", "nfs.archive.example.org:/export/buoy")
MOUNTPOINT = Path(os.environ.get("ARCHIVE_MOUNTPOINT", "/mnt/buoy_archive"))

PROFILES = {
    "read": "ro,vers=4.1,hard,timeo=600,retrans=2,noatime",
    "reprocess": "rw,vers=4.1,hard,timeo=600,retrans=2,noatime,rsize=1048576,wsize=1048576",
}

SCRIPT = """#!/usr/bin/env bash
set -euo pipefail
mkdir -p "$MOUNTPOINT"
if mountpoint -q "$MOUNTPOINT"; then
    echo "already mounted"
    exit 0
fi
{sudo}mount -t nfs4 -o "$MOUNT_OPTS" "$EXPORT" "$MOUNTPOINT"
echo "mounted"
"""

UNMOUNT_SCRIPT = """#!/usr/bin/env bash
set -euo pipefail
if mountpoint -q "$MOUNTPOINT"; then
    {sudo}umount "$MOUNTPOINT"
    echo "unmounted"
else
    echo "not mounted"
fi
"""


class ArchiveMount:
    def __init__(self, export: str, mountpoint: Path, options: str):
        self.export = export
        self.mountpoint = mountpoint
        self.options = options
        self.sudo = "" if os.geteuid() == 0 else "sudo "

    def _run_script(self, template: str) -> str:
        body = template.replace("{sudo}", self.sudo)
        with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
            fh.write(body)
            script = fh.name
        env = dict(os.environ, MOUNTPOINT=str(self.mountpoint),
                   MOUNT_OPTS=self.options, EXPORT=self.export)
        try:
            proc = subprocess.run(["bash", script], env=env, capture_output=True,
                                  text=True, timeout=120)
        finally:
            os.unlink(script)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or f"exit {proc.returncode}")
        return proc.stdout.strip()

    def is_mounted(self) -> bool:
        try:
            with open("/proc/self/mounts", encoding="utf-8") as fh:
                return any(line.split()[1] == str(self.mountpoint) for line in fh)
        except OSError:
            return False

    def mount(self) -> str:
        log.info("mounting %s on %s (%s)", self.export, self.mountpoint, self.options)
        return self._run_script(SCRIPT)

    def unmount(self) -> str:
        log.info("unmounting %s", self.mountpoint)
        return self._run_script(UNMOUNT_SCRIPT)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", choices=sorted(PROFILES), default="read")
    ap.add_argument("--unmount", action="store_true")
    ap.add_argument("--check", action="store_true", help="only report mount state")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    am = ArchiveMount(EXPORT, MOUNTPOINT, PROFILES[args.profile])
    log.debug("export=%s mountpoint=%s", shlex.quote(EXPORT), MOUNTPOINT)

    if args.check:
        state = "mounted" if am.is_mounted() else "not mounted"
        print(f"{MOUNTPOINT}: {state}")
        return 0 if am.is_mounted() else 1

    try:
        out = am.unmount() if args.unmount else am.mount()
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        log.error("operation failed: %s", exc)
        return 1
    log.info("%s", out)

    if not args.unmount:
        if not am.is_mounted():
            log.error("mount command succeeded but %s is not a mountpoint", MOUNTPOINT)
            return 1
        sample = sorted(os.listdir(MOUNTPOINT))[:5]
        log.info("archive top level: %s", ", ".join(sample) or "(empty)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
