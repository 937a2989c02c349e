#!/usr/bin/env python3
"""Launch a CI job step under the per-executor build account.

The runner agent starts as root so it can manage workspaces; each job step is
forked, switched to the unprivileged executor identity, and then exec'd.  The
identity switch goes through libc directly so it also works on minimal
images where Python was built without some os.* wrappers.
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

log = logging.getLogger("identity-switch")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setresuid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


class ExecutorIdentity:
    def __init__(self, username):
        entry = pwd.getpwnam(username)
        self.name = username
        self.uid = entry.pw_uid
        self.gid = entry.pw_gid
        self.home = entry.pw_dir
        self.groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
        if self.gid not in self.groups:
            self.groups.insert(0, self.gid)

    def assume(self):
        arr = (ctypes.c_uint * len(self.groups))(*self.groups)
        _check(_libc.setgroups(len(self.groups), arr), "setgroups")
        _check(_libc.setresgid(self.gid, self.gid, self.gid), "setresgid")
        _check(_libc.setresuid(self.uid, self.uid, self.uid), "setresuid")
        os.environ.update(HOME=self.home, USER=self.name, LOGNAME=self.name)


def job_env(identity, workspace):
    keep = ("PATH", "LANG", "CI", "CI_JOB_ID", "CI_PIPELINE_ID", "CI_COMMIT_SHA")
    env = {k: v for k, v in os.environ.items() if k in keep}
    env.update(HOME=identity.home, USER=identity.name, WORKSPACE=workspace)
    return env


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--executor", default=os.environ.get("CI_EXECUTOR_USER", "ci-exec"))
    ap.add_argument("--workspace", required=True)
    ap.add_argument("--timeout", type=int, default=3600)
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[%(name)s] %(message)s")

    if not args.command:
        ap.error("no command given")
    if os.geteuid() != 0:
        log.warning("not root; running step as current user")
        return subprocess.call(args.command, cwd=args.workspace)

    ident = ExecutorIdentity(args.executor)
    os.chown(args.workspace, ident.uid, ident.gid)
    log.info("step will run as %s (uid=%d gid=%d groups=%s)",
             ident.name, ident.uid, ident.gid, ident.groups)
    try:
        proc = subprocess.run(args.command, cwd=args.workspace,
                              env=job_env(ident, args.workspace),
                              preexec_fn=ident.assume, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        log.error("step exceeded %ds", args.timeout)
        return 124
    except OSError as exc:
        log.error("could not launch step: %s", exc)
        return 126
    log.info("step exited with %d", proc.returncode)
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
