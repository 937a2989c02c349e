#!/usr/bin/env python3
"""Run one student program under a dedicated low-privilege account.

Used by the grading daemon (started from the grader service) to execute a
submission's entry point with CPU, memory and file-size limits, after
switching the child to the unprivileged ``grader-run`` account. Prints a JSON
result line on stdout for the daemon to consume.

    sandbox_privdrop_exec.py --user grader-run --cpu 5 -- python3 main.py < input.txt
"""

import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import resource
import subprocess
import sys
import time

log = logging.getLogger("sandbox-exec")

_libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


class Identity:
    def __init__(self, username):
        pw = pwd.getpwnam(username)
        self.name, self.uid, self.gid, self.home = username, pw.pw_uid, pw.pw_gid, pw.pw_dir

    def assume(self):
        groups = (ctypes.c_uint * 1)(self.gid)
        _check(_libc.setgroups(1, groups), "setgroups")
        _check(_libc.setresgid(self.gid, self.gid, self.gid), "setresgid")
        _check(_libc.setresuid(self.uid, self.uid, self.uid), "setresuid")


def make_preexec(identity, cpu, mem_mb, fsize_mb, nproc):
    def preexec():
        os.setsid()
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
        resource.setrlimit(resource.RLIMIT_AS, (mem_mb << 20, mem_mb << 20))
        resource.setrlimit(resource.RLIMIT_FSIZE, (fsize_mb << 20, fsize_mb << 20))
        resource.setrlimit(resource.RLIMIT_NPROC, (nproc, nproc))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        identity.assume()
        os.umask(0o077)
    return preexec


def main(argv=None):
    ap = argparse.ArgumentParser(description="run a submission with limits as the sandbox user")
    ap.add_argument("--user", default="grader-run")
    ap.add_argument("--cpu", type=int, default=5, help="CPU seconds")
    ap.add_argument("--mem", type=int, default=512, help="address space MiB")
    ap.add_argument("--fsize", type=int, default=16, help="max file size MiB")
    ap.add_argument("--nproc", type=int, default=32)
    ap.add_argument("--wall", type=float, default=20.0, help="wall clock seconds")
    ap.add_argument("--cwd", default=".")
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)

    cmd = args.cmd[1:] if args.cmd[:1] == ["--"] else args.cmd
    if not cmd:
        ap.error("no command given")
    try:
        ident = Identity(args.user)
    except KeyError:
        log.error("sandbox user %s does not exist", args.user)
        return 2

    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": ident.home, "LANG": "C.UTF-8",
           "PYTHONDONTWRITEBYTECODE": "1"}
    started = time.monotonic()
    result = {"user": ident.name, "cmd": cmd}
    try:
        proc = subprocess.run(cmd, cwd=args.cwd, env=env, stdin=sys.stdin, capture_output=True,
                              timeout=args.wall,
                              preexec_fn=make_preexec(ident, args.cpu, args.mem, args.fsize, args.nproc))
        result.update(exit=proc.returncode, stdout=proc.stdout.decode(errors="replace")[-65536:],
                      stderr=proc.stderr.decode(errors="replace")[-8192:])
        if proc.returncode < 0:
            result["signal"] = -proc.returncode
    except subprocess.TimeoutExpired:
        result.update(exit=None, verdict="wall-timeout")
    except (OSError, subprocess.SubprocessError) as exc:
        result.update(exit=None, verdict="launch-error", error=str(exc))
    result["wall"] = round(time.monotonic() - started, 3)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
