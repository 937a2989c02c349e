#!/usr/bin/env python3
"""Queue worker that runs buildah builds as the unprivileged 'builder' user.

The worker is started by the init system as root (to read the job spool),
then switches to the builder account with setresgid/setresuid from libc
before any untrusted Dockerfile is built.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import subprocess
import time
from pathlib import Path

log = logging.getLogger("build-worker")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become(username):
    entry = pwd.getpwnam(username)
    uid, gid = entry.pw_uid, entry.pw_gid
    os.setgroups(os.getgrouplist(username, gid))
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(uid, uid, uid), "setresuid")
    os.environ.update(HOME=entry.pw_dir, USER=username, LOGNAME=username,
                      XDG_RUNTIME_DIR=f"/run/user/{uid}")
    os.chdir(entry.pw_dir)
    log.info("running as %s (uid=%d gid=%d)", username, uid, gid)


def next_job(spool: Path):
    jobs = sorted(spool.glob("*.json"), key=lambda p: p.stat().st_mtime)
    for job in jobs:
        claimed = job.with_suffix(".running")
        try:
            job.rename(claimed)
        except FileNotFoundError:
            continue
        return claimed
    return None


def run_build(spec, workdir: Path):
    cmd = ["buildah", "bud", "--layers", "--isolation", "rootless",
           "-f", spec.get("dockerfile", "Dockerfile"), "-t", spec["tag"]]
    for key, val in spec.get("build_args", {}).items():
        cmd += ["--build-arg", f"{key}={val}"]
    cmd.append(spec.get("context", "."))
    log.info("building %s", spec["tag"])
    result = subprocess.run(cmd, cwd=workdir, capture_output=True, text=True, timeout=3600)
    return result.returncode, result.stdout[-4000:] + result.stderr[-4000:]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--spool", default="/var/spool/buildjobs")
    ap.add_argument("--user", default="builder")
    ap.add_argument("--poll", type=float, default=5.0)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    spool = Path(args.spool)
    pending = list(spool.glob("*.json"))
    log.info("spool %s has %d pending jobs", spool, len(pending))
    if os.geteuid() == 0:
        become(args.user)

    while True:
        job = next_job(spool)
        if job is None:
            if args.once:
                return 0
            time.sleep(args.poll)
            continue
        try:
            spec = json.loads(job.read_text())
            code, tail = run_build(spec, Path(spec.get("workdir", ".")))
        except (ValueError, KeyError, OSError, subprocess.TimeoutExpired) as exc:
            code, tail = 99, str(exc)
        job.with_suffix(".log").write_text(tail)
        job.rename(job.with_suffix(".done" if code == 0 else ".failed"))
        log.info("job %s finished with %d", job.stem, code)


if __name__ == "__main__":
    raise SystemExit(main())
