#!/usr/bin/env python3
"""Run nightly report jobs as the unprivileged reporting account.

Started by the system scheduler as root. It opens the shared log file while
still privileged, then drops to the account named in runner.conf (group
list, gid, uid - in that order, via libc) and runs each job script from the
jobs directory with a timeout.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("report-runner")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what} failed: {os.strerror(err)}")


def become(username):
    pw = pwd.getpwnam(username)
    gids = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem] + [pw.pw_gid]
    arr = (ctypes.c_uint * len(gids))(*gids)
    _check(_libc.setgroups(len(gids), arr), "setgroups")
    _check(_libc.setgid(pw.pw_gid), "setgid")
    _check(_libc.setuid(pw.pw_uid), "setuid")
    os.environ.update(HOME=pw.pw_dir, USER=username, LOGNAME=username)
    os.chdir(pw.pw_dir)
    LOG.info("now running as %s (uid=%d gid=%d)", username, os.getuid(), os.getgid())


def load_conf(path):
    with open(path, encoding="utf-8") as fh:
        conf = json.load(fh)
    conf.setdefault("user", "reports")
    conf.setdefault("jobs_dir", "/opt/reports/jobs")
    conf.setdefault("timeout", 900)
    return conf


def run_jobs(jobs_dir, timeout):
    failures = 0
    for script in sorted(Path(jobs_dir).glob("*.sh")):
        LOG.info("starting %s", script.name)
        try:
            proc = subprocess.run(["/bin/sh", str(script)], capture_output=True,
                                  text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            LOG.error("%s timed out after %ss", script.name, timeout)
            failures += 1
            continue
        if proc.returncode:
            LOG.error("%s exited %d: %s", script.name, proc.returncode, proc.stderr[-500:])
            failures += 1
        else:
            LOG.info("%s ok (%d bytes of output)", script.name, len(proc.stdout))
    return failures


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--conf", default="/opt/reports/runner.conf")
    ap.add_argument("--log", default="/var/log/report-runner.log")
    args = ap.parse_args()

    handler = logging.FileHandler(args.log) if os.geteuid() == 0 else logging.StreamHandler()
    logging.basicConfig(level=logging.INFO, handlers=[handler],
                        format="%(asctime)s %(levelname)s %(message)s")
    conf = load_conf(args.conf)

    if os.geteuid() == 0:
        try:
            become(conf["user"])
        except (KeyError, OSError) as exc:
            LOG.critical("cannot switch to %s: %s", conf["user"], exc)
            return 1
    elif pwd.getpwuid(os.getuid()).pw_name != conf["user"]:
        LOG.warning("not root; running jobs as %s", pwd.getpwuid(os.getuid()).pw_name)

    failures = run_jobs(conf["jobs_dir"], conf["timeout"])
    LOG.info("finished with %d failure(s)", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
