#!/usr/bin/env python3
"""Attach a per-job burst-buffer export to the compute node.

Called from the Slurm prolog with the job id: reads the burst-buffer
allocation table written by the scheduler plugin, creates the mount point
under /mnt/bb/<jobid> and mounts the NFS export via the mount(2) syscall.
The epilog calls it again with --detach.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("bbattach")

MS_NOSUID = 2
MS_NODEV = 4
MS_NOATIME = 1024
MNT_DETACH = 2

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.mount.argtypes = (ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p,
                        ctypes.c_ulong, ctypes.c_char_p)
_libc.umount2.argtypes = (ctypes.c_char_p, ctypes.c_int)


class BurstBuffer:
    def __init__(self, job_id: str, table: Path, base: Path):
        self.job_id = job_id
        self.base = base
        self.entry = self._lookup(table)

    def _lookup(self, table: Path) -> dict:
        allocations = json.loads(table.read_text())
        for alloc in allocations:
            if str(alloc.get("job_id")) == self.job_id:
                return alloc
        raise LookupError(f"no burst buffer allocated for job {self.job_id}")

    @property
    def target(self) -> Path:
        return self.base / self.job_id

    def attach(self):
        src = f"{self.entry['server']}:{self.entry['export']}"
        opts = f"addr={self.entry['server_ip']},vers=4.2,proto=rdma,port=20049"
        self.target.mkdir(parents=True, exist_ok=True)
        flags = MS_NOSUID | MS_NODEV | MS_NOATIME
        rc = _libc.mount(src.encode(), str(self.target).encode(), b"nfs4",
                         flags, opts.encode())
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"mount {src} on {self.target}: {os.strerror(err)}")
        owner = int(self.entry.get("uid", 0))
        os.chown(self.target, owner, -1)
        log.info("attached %s at %s", src, self.target)

    def detach(self):
        if not self.target.exists():
            return
        if _libc.umount2(str(self.target).encode(), MNT_DETACH) != 0:
            err = ctypes.get_errno()
            log.warning("umount %s: %s", self.target, os.strerror(err))
        else:
            self.target.rmdir()
            log.info("detached %s", self.target)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--job", default=os.environ.get("SLURM_JOB_ID"))
    ap.add_argument("--table", type=Path, default=Path("/var/spool/slurm/bb_allocations.json"))
    ap.add_argument("--base", type=Path, default=Path("/mnt/bb"))
    ap.add_argument("--detach", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="bbattach: %(message)s")

    if not args.job:
        log.error("no job id given")
        return 2
    try:
        bb = BurstBuffer(args.job, args.table, args.base)
        bb.detach() if args.detach else bb.attach()
    except (LookupError, OSError, KeyError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
