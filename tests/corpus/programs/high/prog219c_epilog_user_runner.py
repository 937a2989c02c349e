#!/usr/bin/env python3
"""Run per-user Slurm epilog hooks with the job owner's identity.

slurmd runs the epilog as root. This helper looks up the job owner, switches
the process credentials to that user and then runs the user's own
~/.slurm/epilog.d hooks so they cannot touch other users' files.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import sys

LOG = logging.getLogger("epilog-runner")

HOOK_SUBDIR = (".slurm", "epilog.d")
SAFE_ENV_KEYS = ("SLURM_JOB_ID", "SLURM_JOB_USER", "SLURM_JOB_PARTITION", "LANG")
HOOK_TIMEOUT = 120


class Credentials:
    """Thin wrapper over libc credential calls."""

    def __init__(self):
        name = ctypes.util.find_library("c") or "libc.so.6"
        self._libc = ctypes.CDLL(name, use_errno=True)
        for fn in ("setresgid", "setresuid", "setgroups"):
            getattr(self._libc, fn).restype = ctypes.c_int

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, "%s failed: %s" % (what, os.strerror(err)))

    def groups(self, gids):
        arr = (ctypes.c_uint * len(gids))(*gids)
        self._check(self._libc.setgroups(ctypes.c_size_t(len(gids)), arr), "setgroups")

    def group(self, gid):
        self._check(self._libc.setresgid(gid, gid, gid), "setresgid")

    def user(self, uid):
        self._check(self._libc.setresuid(uid, uid, uid), "setresuid")


def supplementary_gids(pw):
    gids = {pw.pw_gid}
    for g in grp.getgrall():
        if pw.pw_name in g.gr_mem:
            gids.add(g.gr_gid)
    return sorted(gids)


def become(username):
    pw = pwd.getpwnam(username)
    if pw.pw_uid == 0:
        raise PermissionError("refusing to run hooks for root")
    creds = Credentials()
    creds.groups(supplementary_gids(pw))
    creds.group(pw.pw_gid)
    creds.user(pw.pw_uid)
    os.chdir(pw.pw_dir)
    LOG.info("running as %s (uid=%d)", pw.pw_name, os.getuid())
    return pw


def hooks_for(pw):
    hook_dir = os.path.join(pw.pw_dir, *HOOK_SUBDIR)
    if not os.path.isdir(hook_dir):
        return []
    out = []
    for name in sorted(os.listdir(hook_dir)):
        path = os.path.join(hook_dir, name)
        st = os.stat(path)
        if st.st_uid != pw.pw_uid or (st.st_mode & 0o022):
            LOG.warning("skipping %s: wrong owner or writable by others", path)
            continue
        if os.access(path, os.X_OK):
            out.append(path)
    return out


def run_hook(path, env):
    pid = os.fork()
    if pid == 0:
        try:
            os.execve(path, [path], env)
        finally:
            os._exit(127)
    _pid, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default=os.environ.get("SLURM_JOB_USER"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="epilog-runner: %(message)s")
    if not args.user:
        LOG.error("no job user given")
        return 2
    if os.geteuid() != 0:
        LOG.error("must be started by slurmd as root")
        return 2
    try:
        pw = become(args.user)
    except (KeyError, OSError) as exc:
        LOG.error("cannot switch to %s: %s", args.user, exc)
        return 1
    env = {k: os.environ[k] for k in SAFE_ENV_KEYS if k in os.environ}
    env.update(HOME=pw.pw_dir, USER=pw.pw_name, PATH="/usr/bin:/bin")
    worst = 0
    for hook in hooks_for(pw):
        rc = run_hook(hook, env)
        LOG.info("%s exited %d", os.path.basename(hook), rc)
        worst = max(worst, rc)
    return 0 if worst == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
