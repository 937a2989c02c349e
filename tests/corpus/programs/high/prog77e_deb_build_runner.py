#!/usr/bin/env python3
"""Build a Debian source tree as the unprivileged `builder` account.

The CI agent runs as root inside the build VM; this wrapper switches the
build step to the builder account (uid, gid and supplementary groups) so that
files in the output directory are owned by it and the build cannot touch the
agent's state.  Output lands in ../ relative to the source tree, as
dpkg-buildpackage always does, and is then moved to --outdir.
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
from pathlib import Path

log = logging.getLogger("deb-build")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


class Identity:
    def __init__(self, user):
        pw = pwd.getpwnam(user)
        self.user = user
        self.uid = pw.pw_uid
        self.gid = pw.pw_gid
        self.home = pw.pw_dir
        self.groups = os.getgrouplist(user, pw.pw_gid)

    def assume(self):
        """Runs in the child between fork and exec."""
        arr = (ctypes.c_uint * len(self.groups))(*self.groups)
        _check(_libc.setgroups(len(self.groups), arr), "setgroups")
        _check(_libc.setresgid(self.gid, self.gid, self.gid), "setresgid")
        _check(_libc.setresuid(self.uid, self.uid, self.uid), "setresuid")
        os.umask(0o022)

    def env(self):
        env = {k: v for k, v in os.environ.items()
               if k.startswith(("DEB_", "DPKG_", "LANG", "LC_"))}
        env.update(HOME=self.home, USER=self.user, LOGNAME=self.user,
                   PATH="/usr/local/bin:/usr/bin:/bin")
        return env


def prepare_tree(src, ident):
    parent = src.resolve().parent
    for path in [parent, *src.rglob("*")]:
        try:
            os.lchown(path, ident.uid, ident.gid)
        except FileNotFoundError:
            pass
    os.lchown(src, ident.uid, ident.gid)


def build(src, ident, jobs, extra):
    cmd = ["dpkg-buildpackage", "-us", "-uc", "-b", f"-j{jobs}", *extra]
    log.info("building %s as %s (uid %d)", src, ident.user, ident.uid)
    proc = subprocess.run(cmd, cwd=src, env=ident.env(), preexec_fn=ident.assume)
    return proc.returncode


def collect(src, outdir):
    parent = src.resolve().parent
    outdir.mkdir(parents=True, exist_ok=True)
    moved = []
    for pattern in ("*.deb", "*.ddeb", "*.buildinfo", "*.changes"):
        for artefact in parent.glob(pattern):
            shutil.move(str(artefact), outdir / artefact.name)
            moved.append(artefact.name)
    return moved


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", type=Path, help="unpacked source tree")
    ap.add_argument("--user", default=os.environ.get("BUILD_USER", "builder"))
    ap.add_argument("--outdir", type=Path, default=Path("out"))
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("extra", nargs=argparse.REMAINDER)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not (args.source / "debian" / "control").is_file():
        log.error("%s does not look like a Debian source tree", args.source)
        return 2
    try:
        ident = Identity(args.user)
    except KeyError:
        log.error("no such user: %s", args.user)
        return 2

    if os.geteuid() == 0:
        prepare_tree(args.source, ident)
    else:
        log.warning("not root, building as the current user")
        ident.assume = lambda: None

    rc = build(args.source, ident, args.jobs, args.extra)
    if rc != 0:
        log.error("dpkg-buildpackage exited with %d", rc)
        return rc
    for name in collect(args.source, args.outdir):
        log.info("-> %s/%s", args.outdir, name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
