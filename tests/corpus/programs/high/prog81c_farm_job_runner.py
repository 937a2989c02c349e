#!/usr/bin/env python3
"""Build farm job runner.

Started by the farm supervisor, it watches the spool directory for job
files and runs each job's cook/package command in its own process under the
configured build account, capturing output into the job's log file and
writing a result record next to the job.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("jobrunner")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, "%s: %s" % (what, os.strerror(err)))


class Account:
    def __init__(self, name):
        entry = pwd.getpwnam(name)
        self.name = name
        self.uid = entry.pw_uid
        self.gid = entry.pw_gid
        self.home = entry.pw_dir
        self.groups = os.getgrouplist(name, entry.pw_gid)

    def become(self):
        """Runs in the child between fork and exec."""
        arr = (ctypes.c_uint * len(self.groups))(*self.groups)
        _check(_libc.setgroups(len(self.groups), arr), "setgroups")
        _check(_libc.setresgid(self.gid, self.gid, self.gid), "setresgid")
        _check(_libc.setresuid(self.uid, self.uid, self.uid), "setresuid")
        os.umask(0o022)

    def env(self, extra):
        env = {
            "HOME": self.home, "USER": self.name, "LOGNAME": self.name,
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "LANG": os.environ.get("LANG", "C.UTF-8"),
        }
        env.update({k: str(v) for k, v in extra.items()})
        return env


def run_job(job_file, account, timeout):
    job = json.loads(job_file.read_text())
    workdir = Path(job["workdir"])
    log_path = job_file.with_suffix(".log")
    argv = [job["tool"]] + [str(a) for a in job.get("args", [])]
    log.info("%s: %s (as %s)", job_file.stem, " ".join(argv), account.name)

    started = time.time()
    with log_path.open("wb") as out:
        try:
            proc = subprocess.run(argv, cwd=workdir, env=account.env(job.get("env", {})),
                                  stdout=out, stderr=subprocess.STDOUT,
                                  preexec_fn=account.become, timeout=timeout)
            code = proc.returncode
        except subprocess.TimeoutExpired:
            code = -9
            out.write(b"\n[runner] timed out\n")
        except OSError as exc:
            code = -1
            out.write(("\n[runner] failed to start: %s\n" % exc).encode())
    result = {"exit": code, "seconds": round(time.time() - started, 1), "log": log_path.name}
    job_file.with_suffix(".result.json").write_text(json.dumps(result))
    return code


def next_job(spool):
    for f in sorted(spool.glob("*.job")):
        claimed = f.with_suffix(".running")
        try:
            f.rename(claimed)
        except FileNotFoundError:
            continue
        return claimed
    return None


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("spool", type=Path)
    p.add_argument("--account", default=os.environ.get("FARM_BUILD_USER", "builder"))
    p.add_argument("--timeout", type=int, default=4 * 3600)
    p.add_argument("--idle", type=float, default=3.0)
    p.add_argument("--once", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        account = Account(args.account)
    except KeyError:
        log.error("no such account: %s", args.account)
        return 2
    if os.geteuid() != 0:
        log.warning("not started as root; jobs will fail to switch to %s", account.name)

    args.spool.mkdir(parents=True, exist_ok=True)
    while True:
        job = next_job(args.spool)
        if job is None:
            if args.once:
                return 0
            time.sleep(args.idle)
            continue
        try:
            code = run_job(job, account, args.timeout)
            log.info("%s finished with %d", job.stem, code)
        except (ValueError, KeyError, OSError) as exc:
            log.error("%s: bad job: %s", job.stem, exc)
        job.rename(job.with_suffix(".done"))


if __name__ == "__main__":
    sys.exit(main())
