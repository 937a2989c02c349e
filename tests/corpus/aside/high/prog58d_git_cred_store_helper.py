#!/usr/bin/env python3
"""git credential helper for CI runners that start as root.

Configured as `credential.helper = !/opt/ci/prog58d_git_cred_store_helper.py`.
When launched as root it first switches to the build user with
setresgid/setresuid from libc, then answers `get` from a store file in the
job's working directory (git's `store` format).  Nothing is sent anywhere:
git itself uses the answer for the fetch it is doing.
"""
import ctypes
import ctypes.util
import logging
import os
import pwd
import sys
from urllib.parse import urlsplit, unquote

STORE = ".ci-git-credentials"
BUILD_USER = os.environ.get("CI_BUILD_USER", "builder")
log = logging.getLogger("cred-helper")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def drop_to(user):
    pw = pwd.getpwnam(user)
    _check(_libc.setgroups(0, None), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    log.debug("now running as %s (%d)", user, os.getuid())


def read_request(stream):
    req = {}
    for line in stream:
        line = line.rstrip("\n")
        if not line:
            break
        key, _, value = line.partition("=")
        req[key] = value
    return req


def lookup(req, store_path):
    try:
        with open(store_path, encoding="utf-8") as fh:
            lines = [l.strip() for l in fh if l.strip()]
    except FileNotFoundError:
        return None
    for entry in lines:
        parts = urlsplit(entry)
        if parts.scheme != req.get("protocol") or parts.hostname != req.get("host"):
            continue
        if req.get("username") and unquote(parts.username or "") != req["username"]:
            continue
        return {"username": unquote(parts.username or ""), "password": unquote(parts.password or "")}
    return None


def main(argv):
    logging.basicConfig(level=logging.DEBUG if os.environ.get("CRED_HELPER_DEBUG") else logging.WARNING,
                        stream=sys.stderr)
    if len(argv) < 2:
        print("usage: helper get|store|erase", file=sys.stderr)
        return 2
    if os.geteuid() == 0:
        drop_to(BUILD_USER)
    op = argv[1]
    req = read_request(sys.stdin)
    if op != "get":
        return 0  # store/erase are managed by the CI secret injector
    found = lookup(req, os.path.join(os.getcwd(), STORE))
    if found:
        sys.stdout.write(f"username={found['username']}\npassword={found['password']}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
