#!/usr/bin/env python3
"""Launch a remote signer for validator keys as an unprivileged service user.

Started as root by the host's init so it can read its config, then it drops to
the signer account (supplementary groups, gid, uid) via libc before exec'ing
web3signer. Keys never leave the signer's own key directory.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import sys
import tomllib

log = logging.getLogger("signer-launcher")
libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def drop_to(username: str) -> None:
    entry = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    groups.append(entry.pw_gid)
    arr = (ctypes.c_uint * len(groups))(*groups)
    _check(libc.setgroups(ctypes.c_size_t(len(groups)), arr), "setgroups")
    gid = ctypes.c_uint(entry.pw_gid)
    _check(libc.setresgid(gid, gid, gid), "setresgid")
    uid = ctypes.c_uint(entry.pw_uid)
    _check(libc.setresuid(uid, uid, uid), "setresuid")
    if os.getuid() == 0 or os.geteuid() == 0:
        raise RuntimeError("still root after privilege drop")
    os.environ.update(HOME=entry.pw_dir, USER=username, LOGNAME=username)
    os.chdir(entry.pw_dir)


def build_argv(cfg: dict) -> list:
    signer = cfg["signer"]
    argv = [signer.get("binary", "web3signer"),
            f"--http-listen-port={signer.get('port', 9000)}",
            "--http-host-allowlist=localhost,127.0.0.1",
            f"--key-store-path={signer['key_dir']}",
            "eth2", f"--network={signer.get('network', 'mainnet')}",
            f"--slashing-protection-db-url={signer['slashing_db']}"]
    if signer.get("metrics"):
        argv.append("--metrics-enabled")
    return argv


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="/opt/signer/signer.toml")
    ap.add_argument("--user", default="web3signer")
    ap.add_argument("--print-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    with open(args.config, "rb") as fh:
        cfg = tomllib.load(fh)
    argv = build_argv(cfg)
    if args.print_only:
        print(" ".join(argv))
        return 0
    if os.geteuid() == 0:
        drop_to(args.user)
        log.info("dropped privileges to %s (uid=%d)", args.user, os.getuid())
    else:
        log.info("not root; running as uid %d", os.getuid())
    key_dir = cfg["signer"]["key_dir"]
    if not os.access(key_dir, os.R_OK):
        log.error("key directory %s not readable by %s", key_dir, args.user)
        return 1
    sys.stdout.flush()
    os.execvp(argv[0], argv)


if __name__ == "__main__":
    sys.exit(main())
