#!/usr/bin/env python3
"""Build sdists/wheels for third-party packages as an unprivileged user.

The wheel-builder box runs this from its job agent.  Each requested package
is built with ``python -m pip wheel`` in a scratch directory owned by the
``wheelbuild`` account; the child switches to that account (groups, gid,
uid) before exec so a hostile setup.py cannot touch the agent's files.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("wheelbuild")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


class Identity:
    def __init__(self, user, extra_groups=()):
        pw = pwd.getpwnam(user)
        self.user, self.uid, self.gid, self.home = user, pw.pw_uid, pw.pw_gid, pw.pw_dir
        self.groups = [self.gid] + [grp.getgrnam(g).gr_gid for g in extra_groups]

    def switch(self):
        """Called in the child between fork and exec."""
        arr = (ctypes.c_uint * len(self.groups))(*self.groups)
        _check(_libc.setgroups(len(self.groups), arr), "setgroups")
        _check(_libc.setresgid(self.gid, self.gid, self.gid), "setresgid")
        _check(_libc.setresuid(self.uid, self.uid, self.uid), "setresuid")
        os.umask(0o022)


def prepare_workdir(base, name, ident):
    work = base / name
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    os.chown(work, ident.uid, ident.gid)
    return work


def build_one(spec, work, ident, index_url):
    env = {
        "HOME": ident.home, "USER": ident.user, "PATH": "/usr/local/bin:/usr/bin:/bin",
        "PIP_INDEX_URL": index_url, "PIP_NO_INPUT": "1",
    }
    cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(work / "out"), spec]
    log.info("[%s] %s", spec, " ".join(cmd))
    proc = subprocess.run(cmd, cwd=work, env=env, preexec_fn=ident.switch,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=1800)
    (work / "build.log").write_bytes(proc.stdout)
    return proc.returncode


def collect(work, dest):
    dest.mkdir(parents=True, exist_ok=True)
    n = 0
    for whl in (work / "out").glob("*.whl"):
        shutil.copy2(whl, dest / whl.name)
        n += 1
    return n


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("specs", nargs="+", help="requirement specs, e.g. lxml==5.2.1")
    ap.add_argument("--user", default=os.environ.get("WHEELBUILD_USER", "wheelbuild"))
    ap.add_argument("--group", action="append", default=[])
    ap.add_argument("--scratch", default="./scratch")
    ap.add_argument("--dest", default="./wheelhouse")
    ap.add_argument("--index-url", default="https://pypi.org/simple")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    ident = Identity(args.user, args.group)
    scratch, dest = Path(args.scratch).resolve(), Path(args.dest).resolve()
    failures = []
    for spec in args.specs:
        safe = spec.replace("=", "_").replace("<", "_").replace(">", "_")
        work = prepare_workdir(scratch, safe, ident)
        try:
            rc = build_one(spec, work, ident, args.index_url)
        except subprocess.TimeoutExpired:
            rc = -1
        if rc == 0:
            log.info("[%s] ok, %d wheel(s)", spec, collect(work, dest))
        else:
            log.error("[%s] failed (rc=%s), see %s", spec, rc, work / "build.log")
            failures.append(spec)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
