#!/usr/bin/env python3
"""Hermetic build runner.

Runs a build command inside a private mount namespace: the source tree is
bind-mounted read-only, /tmp is replaced with a fresh tmpfs, and the
output directory is the only writable location.  Must be run as root.
"""
import argparse
import ctypes
import logging
import os
import sys
from ctypes.util import find_library

LOGGER = logging.getLogger("nsbuild")

CLONE_NEWNS = 0x00020000
CLONE_NEWUTS = 0x04000000
CLONE_NEWIPC = 0x08000000

MS_RDONLY = 1
MS_NOSUID = 2
MS_NODEV = 4
MS_REMOUNT = 32
MS_BIND = 4096
MS_REC = 16384
MS_PRIVATE = 1 << 18

libc = ctypes.CDLL(find_library("c"), use_errno=True)
libc.mount.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p,
                       ctypes.c_ulong, ctypes.c_char_p]
libc.unshare.argtypes = [ctypes.c_int]
libc.sethostname.argtypes = [ctypes.c_char_p, ctypes.c_size_t]


class NamespaceError(RuntimeError):
    pass


def _errcheck(ret, call):
    if ret < 0:
        err = ctypes.get_errno()
        raise NamespaceError("%s failed: %s" % (call, os.strerror(err)))


def do_mount(source, target, fstype=None, flags=0, data=None):
    enc = lambda s: s.encode() if s is not None else None
    LOGGER.debug("mount %s -> %s (%s, %#x)", source, target, fstype, flags)
    _errcheck(libc.mount(enc(source), enc(target), enc(fstype), flags, enc(data)),
              "mount(%s)" % target)


def enter_namespaces(hostname):
    _errcheck(libc.unshare(CLONE_NEWNS | CLONE_NEWUTS | CLONE_NEWIPC), "unshare")
    # stop mount events from propagating back to the host
    do_mount("none", "/", None, MS_REC | MS_PRIVATE)
    name = hostname.encode()
    _errcheck(libc.sethostname(name, len(name)), "sethostname")


def prepare_filesystem(src, out, tmp_size):
    do_mount(src, src, None, MS_BIND | MS_REC)
    do_mount(src, src, None, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV)
    do_mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "size=%s,mode=1777" % tmp_size)
    os.makedirs(out, exist_ok=True)
    do_mount(out, out, None, MS_BIND)


def run_build(command, src, env_overrides):
    pid = os.fork()
    if pid == 0:
        os.chdir(src)
        env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/tmp", "LANG": "C.UTF-8"}
        env.update(env_overrides)
        try:
            os.execvpe(command[0], command, env)
        except OSError as exc:
            sys.stderr.write("exec failed: %s\n" % exc)
            os._exit(127)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def parse_env(pairs):
    result = {}
    for item in pairs or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise SystemExit("bad --env value: %r" % item)
        result[key] = value
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--src", default=os.getcwd())
    ap.add_argument("--out", default=os.path.join(os.getcwd(), "out"))
    ap.add_argument("--tmp-size", default="512m")
    ap.add_argument("--hostname", default="buildbox")
    ap.add_argument("--env", action="append")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.command:
        ap.error("no build command given")
    if os.geteuid() != 0:
        ap.error("must run as root to create mount namespaces")

    src = os.path.realpath(args.src)
    out = os.path.realpath(args.out)
    try:
        enter_namespaces(args.hostname)
        prepare_filesystem(src, out, args.tmp_size)
    except NamespaceError as exc:
        LOGGER.error("%s", exc)
        return 2
    code = run_build(args.command, src, parse_env(args.env))
    LOGGER.info("build exited with %d", code)
    return code


if __name__ == "__main__":
    sys.exit(main())
