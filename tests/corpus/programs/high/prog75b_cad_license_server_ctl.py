#!/usr/bin/env python3
"""Start/stop helper for the office CAD floating-licence server.

Wraps the vendor's lmgrd so it runs under the dedicated licence account
instead of whoever happened to log in to the licence box, keeps its debug
log in the licence directory and reports which features are checked out.
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
import time
from pathlib import Path

LOG = logging.getLogger("lic-ctl")
LIC_HOME = Path(os.environ.get("CAD_LIC_HOME", "/opt/cadlic"))
LICENSE_FILE = LIC_HOME / "license.dat"
PID_FILE = LIC_HOME / "lmgrd.pid"
DEBUG_LOG = LIC_HOME / "lmgrd.log"
SERVICE_ACCOUNT = "cadlic"


class _Libc:
    """Thin wrapper around the libc identity calls used before exec."""

    def __init__(self):
        self.lib = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        for fn in ("setresuid", "setresgid"):
            getattr(self.lib, fn).argtypes = [ctypes.c_uint] * 3
        self.lib.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def become(self, uid, gid, groups):
        arr = (ctypes.c_uint * len(groups))(*groups)
        self._check(self.lib.setgroups(len(groups), arr), "setgroups")
        self._check(self.lib.setresgid(gid, gid, gid), "setresgid")
        self._check(self.lib.setresuid(uid, uid, uid), "setresuid")


def _account(name):
    pw = pwd.getpwnam(name)
    groups = [g.gr_gid for g in grp.getgrall() if name in g.gr_mem]
    return pw.pw_uid, pw.pw_gid, sorted({pw.pw_gid, *groups}), pw.pw_dir


def _switch_identity():
    uid, gid, groups, home = _account(SERVICE_ACCOUNT)
    _Libc().become(uid, gid, groups)
    os.environ.update(HOME=home, USER=SERVICE_ACCOUNT, LOGNAME=SERVICE_ACCOUNT)


def running_pid():
    try:
        pid = int(PID_FILE.read_text())
        os.kill(pid, 0)
        return pid
    except (FileNotFoundError, ValueError, ProcessLookupError):
        return None
    except PermissionError:
        return pid


def start():
    if (pid := running_pid()):
        LOG.info("lmgrd already running (pid %d)", pid)
        return 0
    lmgrd = LIC_HOME / "bin" / "lmgrd"
    if not lmgrd.exists():
        LOG.error("%s not found", lmgrd)
        return 1
    cmd = [str(lmgrd), "-c", str(LICENSE_FILE), "-l", f"+{DEBUG_LOG}", "-z"]
    LOG.info("starting lmgrd as %s", SERVICE_ACCOUNT)
    proc = subprocess.Popen(cmd, preexec_fn=_switch_identity, cwd=LIC_HOME,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    PID_FILE.write_text(str(proc.pid))
    time.sleep(3)
    if proc.poll() is not None:
        LOG.error("lmgrd exited with %s; see %s", proc.returncode, DEBUG_LOG)
        return 1
    LOG.info("lmgrd started (pid %d)", proc.pid)
    return 0


def stop():
    pid = running_pid()
    if not pid:
        LOG.info("lmgrd not running")
        return 0
    os.kill(pid, signal.SIGTERM)
    for _ in range(20):
        if running_pid() is None:
            break
        time.sleep(0.5)
    PID_FILE.unlink(missing_ok=True)
    LOG.info("lmgrd stopped")
    return 0


def status():
    lmutil = LIC_HOME / "bin" / "lmutil"
    out = subprocess.run([str(lmutil), "lmstat", "-a", "-c", str(LICENSE_FILE)],
                         capture_output=True, text=True)
    for line in out.stdout.splitlines():
        if "Users of" in line or "license server UP" in line:
            print(line.strip())
    return out.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=["start", "stop", "restart", "status"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if args.action == "restart":
        stop()
        return start()
    return {"start": start, "stop": stop, "status": status}[args.action]()


if __name__ == "__main__":
    sys.exit(main())
