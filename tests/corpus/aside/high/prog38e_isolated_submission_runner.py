#!/usr/bin/env python3
"""Run student submissions in a throw-away mount namespace as the 'grader'
account.

Meant to be started by root from the grading cron host: for every
submission the runner forks, unshares the mount namespace, mounts a fresh
tmpfs as scratch space, drops to the unprivileged grading user and then
execs the student's program with the test input on stdin.
"""
from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import signal
import sys
from pathlib import Path

log = logging.getLogger("isorunner")

CLONE_NEWNS = 0x00020000
MS_REC = 0x4000
MS_PRIVATE = 1 << 18
MS_NOSUID = 0x2
MS_NODEV = 0x4

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.mount.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p,
                        ctypes.c_ulong, ctypes.c_char_p]
_libc.unshare.argtypes = [ctypes.c_int]
_libc.setresuid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.c_void_p]


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def enter_sandbox(scratch: Path, account: pwd.struct_passwd, size_mb: int) -> None:
    """Runs in the child only."""
    _check(_libc.unshare(CLONE_NEWNS), "unshare")
    _check(_libc.mount(b"none", b"/", None, MS_REC | MS_PRIVATE, None), "make-private")
    opts = f"size={size_mb}m,mode=0700,uid={account.pw_uid},gid={account.pw_gid}".encode()
    _check(_libc.mount(b"tmpfs", str(scratch).encode(), b"tmpfs",
                       MS_NOSUID | MS_NODEV, opts), "mount scratch")
    _check(_libc.setgroups(0, None), "setgroups")
    gid, uid = account.pw_gid, account.pw_uid
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(uid, uid, uid), "setresuid")
    os.chdir(scratch)
    os.environ.clear()
    os.environ.update({"HOME": str(scratch), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})


def run_submission(entry: Path, stdin_file: Path, out_file: Path, scratch: Path,
                   account: pwd.struct_passwd, timeout: int, size_mb: int) -> int:
    pid = os.fork()
    if pid == 0:
        try:
            fd_in = os.open(stdin_file, os.O_RDONLY)
            fd_out = os.open(out_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            enter_sandbox(scratch, account, size_mb)
            os.dup2(fd_in, 0)
            os.dup2(fd_out, 1)
            os.dup2(fd_out, 2)
            signal.alarm(timeout)
            os.execv("/usr/bin/python3", ["python3", "-I", str(entry)])
        except Exception as exc:  # noqa: BLE001 - must never return into the parent code
            os.write(2, f"sandbox setup failed: {exc}\n".encode())
        os._exit(127)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        return -os.WTERMSIG(status)
    return os.WEXITSTATUS(status)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("submissions", type=Path, help="directory of <student>/main.py")
    ap.add_argument("--input", type=Path, required=True)
    ap.add_argument("--results", type=Path, default=Path("/srv/grading/results"))
    ap.add_argument("--scratch", type=Path, default=Path("/srv/grading/scratch"))
    ap.add_argument("--user", default="grader")
    ap.add_argument("--timeout", type=int, default=10)
    ap.add_argument("--scratch-mb", type=int, default=64)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.error("must be started as root (it drops to %s per submission)", args.user)
        return 2
    account = pwd.getpwnam(args.user)
    args.results.mkdir(parents=True, exist_ok=True)
    args.scratch.mkdir(parents=True, exist_ok=True)

    summary = {}
    for student_dir in sorted(p for p in args.submissions.iterdir() if p.is_dir()):
        entry = student_dir / "main.py"
        if not entry.is_file():
            summary[student_dir.name] = "missing main.py"
            continue
        out_file = args.results / f"{student_dir.name}.out"
        rc = run_submission(entry, args.input, out_file, args.scratch, account,
                            args.timeout, args.scratch_mb)
        summary[student_dir.name] = rc
        log.info("%-12s exit=%s", student_dir.name, rc)

    (args.results / "summary.json").write_text(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
