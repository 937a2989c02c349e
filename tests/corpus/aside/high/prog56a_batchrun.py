#!/usr/bin/env python3
"""batchrun - run named batch jobs from jobs.toml, optionally as their service account."""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

log = logging.getLogger("batchrun")
JOBS_FILE = Path("jobs.toml")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]


def load_jobs(path=JOBS_FILE):
    with open(path, "rb") as fh:
        return tomllib.load(fh).get("job", {})


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_identity(username):
    """Become `username` (uid, gid and supplementary groups) via libc."""
    entry = pwd.getpwnam(username)
    groups = os.getgrouplist(username, entry.pw_gid)
    arr = (ctypes.c_uint * len(groups))(*groups)
    _check(_libc.setgroups(len(groups), arr), "setgroups")
    _check(_libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid), "setresgid")
    _check(_libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid), "setresuid")
    os.environ.update(HOME=entry.pw_dir, USER=username, LOGNAME=username)
    log.info("now running as %s (uid=%d)", username, os.getuid())


def cmd_list(args):
    for name, job in sorted(load_jobs().items()):
        print(f"{name:<20} {job.get('user', '-'):<12} {job['command']}")


def cmd_show(args):
    job = load_jobs().get(args.name)
    if job is None:
        print(f"no job named {args.name}", file=sys.stderr)
        return 1
    for key, value in job.items():
        print(f"{key:>10}: {value}")
    return 0


def cmd_run(args):
    job = load_jobs().get(args.name)
    if job is None:
        print(f"no job named {args.name}", file=sys.stderr)
        return 1
    user = args.as_user or job.get("user")
    pid = os.fork()
    if pid == 0:
        try:
            if user and os.geteuid() == 0:
                switch_identity(user)
            workdir = job.get("cwd", ".")
            rc = subprocess.call(shlex.split(job["command"]), cwd=workdir,
                                 timeout=job.get("timeout", 3600))
        except Exception as exc:  # noqa: BLE001 - child must always exit
            log.error("job failed: %s", exc)
            rc = 99
        os._exit(rc)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    log.info("job %s finished with %d", args.name, code)
    return code


def main():
    parser = argparse.ArgumentParser(prog="batchrun")
    parser.add_argument("-v", "--verbose", action="store_true")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list").set_defaults(func=cmd_list)
    p = sub.add_parser("show")
    p.add_argument("name")
    p.set_defaults(func=cmd_show)
    p = sub.add_parser("run")
    p.add_argument("name")
    p.add_argument("--as-user", help="override the account the job runs as")
    p.set_defaults(func=cmd_run)
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    return args.func(args) or 0


if __name__ == "__main__":
    sys.exit(main())
