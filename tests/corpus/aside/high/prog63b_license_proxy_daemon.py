#!/usr/bin/env python3
"""Start the lab's floating-licence proxy for the simulation suite.

The vendor daemon must be started as root so it can read the node-locked host
id, after which this wrapper drops to the unprivileged 'lmadmin' account using
libc directly (the container image has no 'setpriv'/'runuser').
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import signal
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("lic-proxy")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def drop_privileges(user: str) -> None:
    entry = pwd.getpwnam(user)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem] + [entry.pw_gid]
    arr = (ctypes.c_uint * len(groups))(*groups)
    _check(_libc.setgroups(len(groups), arr), "setgroups")
    _check(_libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid), "setresgid")
    _check(_libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid), "setresuid")
    os.environ.update(HOME=entry.pw_dir, USER=user, LOGNAME=user)
    log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def read_hostid(path: Path) -> str:
    # root-only file written by the vendor installer
    return path.read_text().strip()


def build_command(args, hostid: str) -> list:
    return [str(args.daemon), "-c", str(args.license_file), "-l", str(args.logfile),
            "-hostid", hostid, "-z"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--daemon", type=Path, default=Path("/opt/simsuite/license/bin/lmgrd"))
    ap.add_argument("--license-file", type=Path, default=Path("/opt/simsuite/license/license.dat"))
    ap.add_argument("--hostid-file", type=Path, default=Path("/opt/simsuite/license/.hostid"))
    ap.add_argument("--logfile", type=Path, default=Path("lmgrd.log"))
    ap.add_argument("--user", default="lmadmin")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    if os.geteuid() != 0:
        log.error("must be started as root to read %s", args.hostid_file)
        return 1
    hostid = read_hostid(args.hostid_file)
    try:
        drop_privileges(args.user)
    except (KeyError, OSError) as exc:
        log.error("could not drop privileges: %s", exc)
        return 1

    proc = subprocess.Popen(build_command(args, hostid))

    def forward(signum, _frame):
        log.info("forwarding signal %d to licence daemon", signum)
        proc.send_signal(signum)

    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, forward)
    rc = proc.wait()
    log.info("licence daemon exited with %d", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
