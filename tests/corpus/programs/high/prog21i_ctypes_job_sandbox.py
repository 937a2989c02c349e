#!/usr/bin/env python3
"""Run a data-conversion job in a private mount namespace with dropped privileges.

Started as root by the batch scheduler. It unshares the mount namespace,
mounts a private tmpfs scratch area, clears all capabilities, switches to
the unprivileged job user with setresuid/setresgid, and then converts the
CSV files in the input directory to JSON lines. Uses libc via ctypes so
it has no third-party dependencies.
"""

import csv
import ctypes
import ctypes.util
import json
import os
import pwd
import sys

CLONE_NEWNS = 0x00020000
MS_REC = 0x4000
MS_PRIVATE = 1 << 18
MS_NOSUID = 2
MS_NODEV = 4
LINUX_CAPABILITY_VERSION_3 = 0x20080522
SCRATCH = "/run/jobscratch"

libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


class CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class CapData(ctypes.Structure):
    _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32),
                ("inheritable", ctypes.c_uint32)]


def check(ret, what):
    if ret != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def private_scratch():
    check(libc.unshare(CLONE_NEWNS), "unshare")
    check(libc.mount(b"none", b"/", None, MS_REC | MS_PRIVATE, None), "make / private")
    os.makedirs(SCRATCH, exist_ok=True)
    check(libc.mount(b"tmpfs", SCRATCH.encode(), b"tmpfs", MS_NOSUID | MS_NODEV,
                     b"size=256m,mode=0700"), "mount scratch")


def drop_to(user):
    entry = pwd.getpwnam(user)
    os.chown(SCRATCH, entry.pw_uid, entry.pw_gid)
    check(libc.setgroups(0, None), "setgroups")
    check(libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid), "setresgid")
    check(libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid), "setresuid")
    header = CapHeader(LINUX_CAPABILITY_VERSION_3, 0)
    data = (CapData * 2)()
    check(libc.capset(ctypes.byref(header), data), "capset")
    os.environ.update(HOME=entry.pw_dir, USER=user, TMPDIR=SCRATCH)


def convert(in_dir, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    total = 0
    for name in sorted(os.listdir(in_dir)):
        if not name.endswith(".csv"):
            continue
        staged = os.path.join(SCRATCH, name + ".jsonl")
        with open(os.path.join(in_dir, name), newline="", encoding="utf-8") as src, \
                open(staged, "w", encoding="utf-8") as dst:
            for row in csv.DictReader(src):
                dst.write(json.dumps(row, ensure_ascii=False) + "\n")
                total += 1
        final = os.path.join(out_dir, name[:-4] + ".jsonl")
        with open(staged, "rb") as s, open(final, "wb") as d:
            d.write(s.read())
        print(f"converted {name}")
    return total


def main(argv):
    if len(argv) != 4:
        print(f"usage: {argv[0]} JOB_USER INPUT_DIR OUTPUT_DIR", file=sys.stderr)
        return 2
    user, in_dir, out_dir = argv[1:]
    if os.geteuid() != 0:
        print("the sandbox must be started as root", file=sys.stderr)
        return 1
    try:
        private_scratch()
        drop_to(user)
    except (OSError, KeyError) as exc:
        print(f"sandbox setup failed: {exc}", file=sys.stderr)
        return 1
    rows = convert(in_dir, out_dir)
    print(f"done: {rows} rows as uid {os.getuid()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
