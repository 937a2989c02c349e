#!/usr/bin/env python3
"""Mount the news archive NAS on an edit or ingest server.

Archive producers pull old packages from the news archive NAS. On servers
where the share is not permanently mounted, this tool mounts the NFS export
read-only (or read-write for archive ingest), checks it, and unmounts it
again when asked.

Usage:
    prog234b_archive_nas_mount.py mount [--rw]
    prog234b_archive_nas_mount.py umount
    prog234b_archive_nas_mount.py status
"""

import argparse
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("archive-mount")

NAS_EXPORT = "archive-nas.example.org:/export/news_archive"
MOUNT_POINT = "/mnt/news_archive"
BASE_OPTIONS = ["vers=4.1", "hard", "timeo=600", "retrans=2", "noatime"]


class ArchiveMount:
    def __init__(self, export, mount_point):
        self.export = export
        self.mount_point = mount_point

    def is_mounted(self):
        try:
            with open("/proc/mounts", "r", encoding="utf-8") as fh:
                for line in fh:
                    fields = line.split()
                    if len(fields) > 1 and fields[1] == self.mount_point:
                        return True
        except OSError as exc:
            LOG.warning("cannot read /proc/mounts: %s", exc)
        return False

    def mount(self, read_write=False):
        if self.is_mounted():
            LOG.info("%s already mounted", self.mount_point)
            return True
        if not os.path.isdir(self.mount_point):
            LOG.info("creating mount point %s", self.mount_point)
            subprocess.run(["sudo", "mkdir", "-p", self.mount_point], check=True)
        opts = BASE_OPTIONS + ["rw" if read_write else "ro"]
        cmd = ["sudo", "mount", "-t", "nfs4", "-o", ",".join(opts),
               self.export, self.mount_point]
        LOG.info("mounting %s on %s (%s)", self.export, self.mount_point,
                 "rw" if read_write else "ro")
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            LOG.error("mount failed: %s", res.stderr.strip())
            return False
        return True

    def umount(self):
        if not self.is_mounted():
            LOG.info("%s not mounted", self.mount_point)
            return True
        res = subprocess.run(["sudo", "umount", self.mount_point],
                             capture_output=True, text=True)
        if res.returncode != 0:
            LOG.error("umount failed (files open?): %s", res.stderr.strip())
            return False
        LOG.info("unmounted %s", self.mount_point)
        return True

    def status(self):
        if not self.is_mounted():
            return "not mounted"
        st = os.statvfs(self.mount_point)
        free_gb = st.f_bavail * st.f_frsize / 1e9
        total_gb = st.f_blocks * st.f_frsize / 1e9
        return "mounted, %.0f GB free of %.0f GB" % (free_gb, total_gb)


def main():
    ap = argparse.ArgumentParser(description="Manage the news archive NAS mount")
    ap.add_argument("action", choices=["mount", "umount", "status"])
    ap.add_argument("--rw", action="store_true", help="mount read-write (archive ingest only)")
    ap.add_argument("--export", default=NAS_EXPORT)
    ap.add_argument("--mount-point", default=MOUNT_POINT)
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    nas = ArchiveMount(args.export, args.mount_point)

    if args.action == "mount":
        ok = nas.mount(read_write=args.rw)
        if ok:
            LOG.info("archive %s", nas.status())
        return 0 if ok else 1
    if args.action == "umount":
        return 0 if nas.umount() else 1
    print(nas.status())
    return 0


if __name__ == "__main__":
    sys.exit(main())
