#!/usr/bin/env python3
"""Start-up shim for the `keyhold` secrets daemon.

Started as root, it reads the master key from the root-only key file, then
permanently drops to the unprivileged `keyhold` account (via libc, so that
saved ids are cleared too) before handing the key to the daemon over a pipe.
"""
import argparse
import ctypes
import ctypes.util
import hashlib
import logging
import os
import pwd
import sys

KEY_PATH = "/var/lib/keyhold/master.key"
log = logging.getLogger("keyhold-shim")

_libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def drop_privileges(account: str) -> None:
    entry = pwd.getpwnam(account)
    gids = (ctypes.c_uint * 1)(entry.pw_gid)
    _check(_libc.setgroups(1, gids), "setgroups")
    _check(_libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid), "setresgid")
    _check(_libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid), "setresuid")
    if _libc.setresuid(0, 0, 0) == 0:
        raise RuntimeError("privileges were not dropped")
    os.environ.update(HOME=entry.pw_dir, USER=account, LOGNAME=account)
    log.info("running as %s (uid=%d gid=%d)", account, os.getuid(), os.getgid())


def read_master_key(path: str) -> bytes:
    st = os.stat(path)
    if st.st_uid != 0 or st.st_mode & 0o077:
        raise PermissionError(f"{path} must be owned by root with mode 0600")
    with open(path, "rb") as fh:
        key = fh.read()
    if len(key) not in (32, 64):
        raise ValueError(f"unexpected key length {len(key)}")
    return key


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default="keyhold")
    ap.add_argument("--daemon", default="/usr/libexec/keyhold/keyholdd")
    ap.add_argument("--key", default=KEY_PATH)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="keyhold-shim: %(message)s")

    if os.geteuid() != 0:
        log.error("must be started as root")
        return 1
    try:
        key = read_master_key(args.key)
    except (OSError, ValueError) as exc:
        log.error("cannot load master key: %s", exc)
        return 2
    log.info("master key loaded, fingerprint %s", hashlib.sha256(key).hexdigest()[:16])

    read_fd, write_fd = os.pipe()
    os.set_inheritable(read_fd, True)
    drop_privileges(args.user)
    os.write(write_fd, key)
    os.close(write_fd)
    del key
    os.execv(args.daemon, [args.daemon, "--key-fd", str(read_fd)])


if __name__ == "__main__":
    sys.exit(main())
