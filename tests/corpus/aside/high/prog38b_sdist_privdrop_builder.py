#!/usr/bin/env python3
"""Build release sdists/wheels inside the CI container as an unprivileged user.

The release container starts as root (it needs root to install system build
dependencies earlier in the job).  Before running the untrusted build backend
this wrapper switches to the `builder` account by calling libc directly via
ctypes (setgroups / setresgid / setresuid), so that a setup.py cannot touch
root-owned files.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("privdrop-build")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setresuid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]


class PrivilegeError(RuntimeError):
    pass


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise PrivilegeError(f"{what} failed: {os.strerror(err)}")


def drop_to(user: str, extra_gids=()) -> pwd.struct_passwd:
    """Irrevocably switch real/effective/saved ids to `user`."""
    pw = pwd.getpwnam(user)
    if os.geteuid() != 0:
        if os.geteuid() == pw.pw_uid:
            log.info("already running as %s", user)
            return pw
        raise PrivilegeError("must start as root to switch users")

    gids = [pw.pw_gid, *extra_gids]
    arr = (ctypes.c_uint * len(gids))(*gids)
    _check(_libc.setgroups(len(gids), arr), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")

    # Paranoia: regaining root must now be impossible.
    if _libc.setresuid(0, 0, 0) == 0:
        raise PrivilegeError("was able to regain root after dropping privileges")
    os.environ.update(HOME=pw.pw_dir, USER=pw.pw_name, LOGNAME=pw.pw_name)
    log.info("now uid=%d gid=%d groups=%s", os.getuid(), os.getgid(), os.getgroups())
    return pw


def prepare_tree(src: Path, uid: int, gid: int) -> None:
    """Give the build user ownership of the checkout (still root here)."""
    for root, dirs, files in os.walk(src):
        for name in dirs + files:
            try:
                os.lchown(os.path.join(root, name), uid, gid)
            except FileNotFoundError:
                pass
    os.lchown(src, uid, gid)


def run_build(src: Path, outdir: Path, sdist: bool, wheel: bool) -> int:
    cmd = [sys.executable, "-m", "build", "--outdir", str(outdir)]
    if sdist and not wheel:
        cmd.append("--sdist")
    elif wheel and not sdist:
        cmd.append("--wheel")
    cmd.append(str(src))
    log.info("running: %s", " ".join(cmd))
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("TWINE_", "PYPI_", "ACTIONS_"))}
    return subprocess.call(cmd, env=env, cwd=src)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("src", type=Path, nargs="?", default=Path("."))
    ap.add_argument("--user", default="builder")
    ap.add_argument("--outdir", type=Path, default=None)
    ap.add_argument("--sdist-only", action="store_true")
    ap.add_argument("--wheel-only", action="store_true")
    ap.add_argument("--no-chown", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    src = args.src.resolve()
    outdir = (args.outdir or src / "dist").resolve()
    try:
        pw = pwd.getpwnam(args.user)
    except KeyError:
        log.error("user %r does not exist in this image", args.user)
        return 1

    if os.geteuid() == 0:
        outdir.mkdir(parents=True, exist_ok=True)
        if not args.no_chown:
            prepare_tree(src, pw.pw_uid, pw.pw_gid)
    try:
        drop_to(args.user)
    except PrivilegeError as exc:
        log.error("%s", exc)
        return 1

    rc = run_build(src, outdir, sdist=not args.wheel_only, wheel=not args.sdist_only)
    if rc == 0:
        for art in sorted(outdir.iterdir()):
            log.info("built %s (%d bytes)", art.name, art.stat().st_size)
    return rc


if __name__ == "__main__":
    sys.exit(main())
