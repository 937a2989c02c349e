#!/usr/bin/env python3
"""demux_privdrop -- run bcl-convert for a finished run as the seqdata account.

The instrument share daemon starts this helper as root when a run completes.
It switches the process to the `seqdata` service user and group (through libc,
so supplementary groups are reset too), then writes and runs a small shell
wrapper around bcl-convert under that identity.
"""

import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("demux_privdrop")

WRAPPER = """#!/bin/bash
set -euo pipefail
echo "demux as $(id -un):$(id -gn) for $DEMUX_RUN"
bcl-convert \\
    --bcl-input-directory "$DEMUX_RUN" \\
    --output-directory "$DEMUX_OUT" \\
    --sample-sheet "$DEMUX_RUN/SampleSheet.csv" \\
    --bcl-num-parallel-tiles "$DEMUX_THREADS" \\
    --force
touch "$DEMUX_OUT/DEMUX_DONE"
"""


class PrivilegeSwitcher:
    """Switch real/effective/saved ids via libc."""

    def __init__(self, user, group):
        self.pw = pwd.getpwnam(user)
        self.gr = grp.getgrnam(group)
        libname = ctypes.util.find_library("c") or "libc.so.6"
        self.libc = ctypes.CDLL(libname, use_errno=True)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise PermissionError(err, f"{what} failed: {os.strerror(err)}")

    def switch(self):
        gid, uid = self.gr.gr_gid, self.pw.pw_uid
        groups = (ctypes.c_uint * 1)(gid)
        self._check(self.libc.setgroups(1, groups), "setgroups")
        self._check(self.libc.setresgid(gid, gid, gid), "setresgid")
        self._check(self.libc.setresuid(uid, uid, uid), "setresuid")
        os.environ["HOME"] = self.pw.pw_dir
        os.environ["USER"] = os.environ["LOGNAME"] = self.pw.pw_name
        os.umask(0o027)
        LOG.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def run_wrapper(run_dir: Path, out_dir: Path, threads: int):
    out_dir.mkdir(parents=True, exist_ok=True)
    fd, script = tempfile.mkstemp(prefix="demux_", suffix=".sh", dir=out_dir)
    with os.fdopen(fd, "w") as fh:
        fh.write(WRAPPER)
    env = dict(os.environ, DEMUX_RUN=str(run_dir), DEMUX_OUT=str(out_dir),
               DEMUX_THREADS=str(threads))
    try:
        proc = subprocess.run(["bash", script], env=env, capture_output=True, text=True)
    finally:
        os.unlink(script)
    (out_dir / "bcl-convert.log").write_text(proc.stdout + proc.stderr)
    return proc.returncode


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("run_dir", type=Path)
    p.add_argument("--out", type=Path, help="default: <run_dir>/Demux")
    p.add_argument("--user", default=os.environ.get("DEMUX_USER", "seqdata"))
    p.add_argument("--group", default=os.environ.get("DEMUX_GROUP", "seqdata"))
    p.add_argument("--threads", type=int, default=os.cpu_count() or 4)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not (args.run_dir / "CopyComplete.txt").exists():
        LOG.error("%s is not a completed run folder", args.run_dir)
        return 2
    out_dir = args.out or args.run_dir / "Demux"

    if os.geteuid() == 0:
        try:
            PrivilegeSwitcher(args.user, args.group).switch()
        except (KeyError, PermissionError) as exc:
            LOG.error("cannot switch to %s:%s: %s", args.user, args.group, exc)
            return 3
    else:
        LOG.warning("not started as root; running demux as current user")

    rc = run_wrapper(args.run_dir, out_dir, args.threads)
    if rc == 0:
        LOG.info("demultiplexing finished: %s", out_dir)
    else:
        LOG.error("bcl-convert failed rc=%d, see %s/bcl-convert.log", rc, out_dir)
    return rc


if __name__ == "__main__":
    sys.exit(main())
