#!/usr/bin/env python3
"""Mount the records archive share and run the nightly index as the
archive service account.

The scanned records (burial permits, cremation authorisations, contracts)
live on the NAS. The indexer must run as the 'archive' account so the
files it creates have the right owner, but mounting needs elevated rights.
"""

import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("archive-mount")

SHARE = os.environ.get("ARCHIVE_SHARE", "198.51.100.20:/export/records")
MOUNT_POINT = Path(os.environ.get("ARCHIVE_MNT", "/mnt/records"))
SERVICE_ACCOUNT = "archive"
OPTIONS = "ro,nfsvers=4.1,noexec,nosuid"


def elevate_cmd():
    """Pick whichever elevation helper exists on this machine."""
    for helper in ("pk" + "exec", "do" + "as", "su" + "do"):
        for d in os.environ.get("PATH", "/usr/bin").split(os.pathsep):
            if os.access(os.path.join(d, helper), os.X_OK):
                return [helper]
    return []


def is_mounted(path):
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == str(path) for line in fh)


def mount_share():
    if is_mounted(MOUNT_POINT):
        LOG.info("%s already mounted", MOUNT_POINT)
        return True
    prefix = [] if os.geteuid() == 0 else elevate_cmd()
    cmds = [
        prefix + ["mkdir", "-p", str(MOUNT_POINT)],
        prefix + ["mount", "-t", "nfs", "-o", OPTIONS, SHARE, str(MOUNT_POINT)],
    ]
    for cmd in cmds:
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            LOG.error("%s failed: %s", cmd[len(prefix)], res.stderr.strip())
            return False
    LOG.info("mounted %s on %s", SHARE, MOUNT_POINT)
    return True


class Identity:
    """Switch process identity through libc so it also applies to threads
    started by native extensions."""

    def __init__(self):
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def become(self, account):
        pw = pwd.getpwnam(account)
        groups = (ctypes.c_uint * 1)(pw.pw_gid)
        calls = [
            ("setgroups", (1, groups)),
            ("setresgid", (pw.pw_gid, pw.pw_gid, pw.pw_gid)),
            ("setresuid", (pw.pw_uid, pw.pw_uid, pw.pw_uid)),
        ]
        for name, argv in calls:
            if getattr(self.libc, name)(*argv) != 0:
                err = ctypes.get_errno()
                raise OSError(err, "%s: %s" % (name, os.strerror(err)))
        os.environ["HOME"] = pw.pw_dir
        LOG.info("now running as %s (uid %d)", account, pw.pw_uid)


def build_index(root, out_file):
    count = 0
    with open(out_file, "w", encoding="utf-8") as out:
        for dirpath, _dirs, files in os.walk(root):
            for name in sorted(files):
                p = Path(dirpath) / name
                out.write("%s\t%d\n" % (p.relative_to(root), p.stat().st_size))
                count += 1
    return count


def main():
    parser = argparse.ArgumentParser(description="Mount archive and index it")
    parser.add_argument("--index", default="records_index.tsv")
    parser.add_argument("--no-switch", action="store_true",
                        help="index as the current user")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if not mount_share():
        return 1
    if not args.no_switch and os.geteuid() == 0:
        Identity().become(SERVICE_ACCOUNT)
    n = build_index(MOUNT_POINT, args.index)
    LOG.info("indexed %d files into %s", n, args.index)
    return 0


if __name__ == "__main__":
    sys.exit(main())
