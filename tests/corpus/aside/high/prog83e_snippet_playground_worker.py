#!/usr/bin/env python3
"""Worker behind the forum's "Run this snippet" button.

Reads queued snippet jobs (JSON files dropped by the forum plugin into a
spool directory), runs each one as the unprivileged ``playground`` account
with CPU / memory limits, and writes the output back next to the job so the
plugin can attach it to the post.
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
from pathlib import Path

log = logging.getLogger("playground")


class Identity:
    """Switches the child process to the playground account."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)

    def __init__(self, username):
        entry = pwd.getpwnam(username)
        self.uid = entry.pw_uid
        self.gid = entry.pw_gid
        self.home = entry.pw_dir

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what} failed: {os.strerror(err)}")

    def apply(self):
        groups = (ctypes.c_uint * 1)(self.gid)
        self._check(self._libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
        self._check(self._libc.setresgid(self.gid, self.gid, self.gid), "setresgid")
        self._check(self._libc.setresuid(self.uid, self.uid, self.uid), "setresuid")


class Limits:
    def __init__(self, cpu_seconds=5, memory_mb=256, max_procs=16):
        self.cpu_seconds = cpu_seconds
        self.memory = memory_mb * 1024 * 1024
        self.max_procs = max_procs

    def apply(self):
        resource.setrlimit(resource.RLIMIT_CPU, (self.cpu_seconds, self.cpu_seconds))
        resource.setrlimit(resource.RLIMIT_AS, (self.memory, self.memory))
        resource.setrlimit(resource.RLIMIT_NPROC, (self.max_procs, self.max_procs))


def make_preexec(identity, limits):
    def _pre():
        os.setsid()
        limits.apply()
        identity.apply()
    return _pre


def run_job(job_path, identity, limits, wall_timeout):
    job = json.loads(job_path.read_text())
    code = job.get("code", "")
    if len(code) > 20_000:
        return {"ok": False, "stdout": "", "stderr": "snippet too large"}
    started = time.monotonic()
    try:
        proc = subprocess.run(
            [sys.executable, "-I", "-c", code],
            capture_output=True,
            text=True,
            timeout=wall_timeout,
            cwd=identity.home,
            env={"PATH": "/usr/bin:/bin", "HOME": identity.home, "LANG": "C.UTF-8"},
            preexec_fn=make_preexec(identity, limits),
        )
        result = {"ok": proc.returncode == 0, "stdout": proc.stdout[-8000:], "stderr": proc.stderr[-4000:]}
    except subprocess.TimeoutExpired:
        result = {"ok": False, "stdout": "", "stderr": f"wall clock limit of {wall_timeout}s reached"}
    result["elapsed"] = round(time.monotonic() - started, 3)
    result["post_id"] = job.get("post_id")
    return result


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spool", type=Path, default=Path("spool"))
    ap.add_argument("--user", default="playground")
    ap.add_argument("--timeout", type=int, default=10)
    ap.add_argument("--once", action="store_true", help="drain the queue and exit")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        identity = Identity(args.user)
    except KeyError:
        log.error("account %r does not exist", args.user)
        return 2
    limits = Limits()
    args.spool.mkdir(exist_ok=True)

    while True:
        jobs = sorted(args.spool.glob("*.job.json"))
        for job_path in jobs:
            try:
                result = run_job(job_path, identity, limits, args.timeout)
            except (OSError, ValueError, subprocess.SubprocessError) as exc:
                log.exception("job %s crashed", job_path.name)
                result = {"ok": False, "stderr": str(exc)}
            out_path = job_path.with_name(job_path.name.replace(".job.json", ".result.json"))
            out_path.write_text(json.dumps(result))
            job_path.unlink()
            log.info("finished %s ok=%s", job_path.name, result.get("ok"))
        if args.once:
            return 0
        time.sleep(2)


if __name__ == "__main__":
    sys.exit(main())
