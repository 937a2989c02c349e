#!/usr/bin/env python3
"""Mount the workshop NAS share that holds the released CNC job files.

The CAM PC exports finished nests to the NAS; the router PC reads them from
/mnt/cnc-jobs. This checks whether the share is mounted, mounts it read-only
over NFS if not, and can unmount it again before the NAS is serviced.
"""
import argparse
import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path

LOG = logging.getLogger("nas-mount")

DEFAULTS = {
    "server": "192.0.2.40",
    "export": "/export/cnc-jobs",
    "mountpoint": "/mnt/cnc-jobs",
    "options": "ro,soft,timeo=50,retrans=2,nfsvers=4.1",
}

MOUNT_SCRIPT = textwrap.dedent("""\
    set -eu
    if [ ! -d "$NAS_MNT" ]; then
        sudo mkdir -p "$NAS_MNT"
    fi
    sudo mount -t nfs -o "$NAS_OPTS" "$NAS_SERVER:$NAS_EXPORT" "$NAS_MNT"
    echo "mounted $NAS_SERVER:$NAS_EXPORT on $NAS_MNT"
    """)

UMOUNT_SCRIPT = textwrap.dedent("""\
    set -eu
    sudo umount "$NAS_MNT"
    echo "unmounted $NAS_MNT"
    """)


class NasShare:
    def __init__(self, server: str, export: str, mountpoint: str, options: str):
        self.server = server
        self.export = export
        self.mountpoint = mountpoint
        self.options = options

    @property
    def source(self) -> str:
        return f"{self.server}:{self.export}"

    def is_mounted(self) -> bool:
        with open("/proc/mounts") as fh:
            for line in fh:
                fields = line.split()
                if len(fields) >= 2 and fields[1] == self.mountpoint:
                    LOG.debug("found %s mounted from %s", self.mountpoint, fields[0])
                    return True
        return False

    def _run(self, script: str) -> None:
        env = dict(os.environ, NAS_SERVER=self.server, NAS_EXPORT=self.export,
                   NAS_MNT=self.mountpoint, NAS_OPTS=self.options)
        proc = subprocess.run(["bash", "-c", script], env=env,
                              capture_output=True, text=True, timeout=120)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or f"exit {proc.returncode}")
        LOG.info(proc.stdout.strip())

    def mount(self) -> None:
        if self.is_mounted():
            LOG.info("%s already mounted", self.mountpoint)
            return
        self._run(MOUNT_SCRIPT)

    def unmount(self) -> None:
        if not self.is_mounted():
            LOG.info("%s not mounted", self.mountpoint)
            return
        self._run(UMOUNT_SCRIPT)

    def list_jobs(self, limit: int) -> None:
        jobs = sorted(Path(self.mountpoint).glob("*.nc"),
                      key=lambda p: p.stat().st_mtime, reverse=True)
        LOG.info("%d job files on share", len(jobs))
        for job in jobs[:limit]:
            LOG.info("  %s (%d KiB)", job.name, job.stat().st_size // 1024)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["mount", "umount", "status"])
    ap.add_argument("--server", default=DEFAULTS["server"])
    ap.add_argument("--export", default=DEFAULTS["export"])
    ap.add_argument("--mountpoint", default=DEFAULTS["mountpoint"])
    ap.add_argument("--options", default=DEFAULTS["options"])
    ap.add_argument("--list", type=int, default=5, help="show N newest jobs")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    share = NasShare(args.server, args.export, args.mountpoint, args.options)
    try:
        if args.action == "mount":
            share.mount()
            share.list_jobs(args.list)
        elif args.action == "umount":
            share.unmount()
        else:
            state = "mounted" if share.is_mounted() else "not mounted"
            LOG.info("%s (%s) is %s", share.mountpoint, share.source, state)
    except (OSError, RuntimeError, subprocess.TimeoutExpired) as exc:
        LOG.error("%s failed: %s", args.action, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
