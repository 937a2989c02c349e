#!/usr/bin/env python3
"""Launch a Bedrock dedicated server on port 19132 under a service account.

Started as root by the host's init script so it can raise the open-files
limit and chown the world directory, then switches identity to the
'bedrock' account through libc before exec'ing the server binary.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import resource
import sys

log = logging.getLogger("bedrock-launch")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setresuid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_identity(user: str) -> None:
    pw = pwd.getpwnam(user)
    gids = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    if pw.pw_gid not in gids:
        gids.insert(0, pw.pw_gid)
    arr = (ctypes.c_uint * len(gids))(*gids)
    _check(_libc.setgroups(len(gids), arr), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ.update(HOME=pw.pw_dir, USER=user, LOGNAME=user)
    log.info("now running as %s (uid=%d gid=%d)", user, os.getuid(), os.getgid())


def prepare_world_dir(path: str, user: str) -> None:
    pw = pwd.getpwnam(user)
    for root, dirs, files in os.walk(path):
        for name in dirs + files:
            full = os.path.join(root, name)
            st = os.lstat(full)
            if st.st_uid != pw.pw_uid:
                os.lchown(full, pw.pw_uid, pw.pw_gid)
    os.chown(path, pw.pw_uid, pw.pw_gid)


def raise_limits(nofile: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = max(hard, nofile)
    resource.setrlimit(resource.RLIMIT_NOFILE, (target, target))
    log.info("RLIMIT_NOFILE %d/%d -> %d", soft, hard, target)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--user", default="bedrock")
    ap.add_argument("--server-dir", default="/srv/bedrock")
    ap.add_argument("--nofile", type=int, default=65536)
    ap.add_argument("--binary", default="bedrock_server")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if os.geteuid() != 0:
        log.error("must be started as root to switch to %s", args.user)
        return 1
    try:
        raise_limits(args.nofile)
        prepare_world_dir(os.path.join(args.server_dir, "worlds"), args.user)
        switch_identity(args.user)
    except (KeyError, OSError) as exc:
        log.error("setup failed: %s", exc)
        return 1

    os.chdir(args.server_dir)
    env = dict(os.environ, LD_LIBRARY_PATH=args.server_dir)
    binary = os.path.join(args.server_dir, args.binary)
    log.info("exec %s", binary)
    os.execve(binary, [binary], env)


if __name__ == "__main__":
    sys.exit(main())
