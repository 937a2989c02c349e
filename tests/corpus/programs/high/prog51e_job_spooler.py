#!/usr/bin/env python3
"""Per-user job spooler.

``submit`` writes a shell job file into ./spool/<user>/ together with a JSON
descriptor.  ``run`` is started by the operator as root: for every queued
job it forks, switches the child to the job owner's uid/gid through libc and
executes the generated job file with the owner's identity.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import sys
import time
from pathlib import Path

log = logging.getLogger("spooler")
SPOOL = Path("spool")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become(user):
    entry = pwd.getpwnam(user)
    gids = (ctypes.c_uint * 1)(entry.pw_gid)
    _check(_libc.setgroups(1, gids), "setgroups")
    _check(_libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid), "setresgid")
    _check(_libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid), "setresuid")
    os.environ.update(HOME=entry.pw_dir, USER=user, LOGNAME=user)
    os.chdir(entry.pw_dir)


def submit(user, command):
    qdir = SPOOL / user
    qdir.mkdir(parents=True, exist_ok=True)
    job_id = f"{int(time.time())}-{os.getpid()}"
    script = qdir / f"{job_id}.sh"
    script.write_text(f"#!/bin/sh\n# job {job_id} for {user}\n{command}\n")
    script.chmod(0o700)
    (qdir / f"{job_id}.json").write_text(json.dumps(
        {"id": job_id, "user": user, "script": str(script.resolve()), "state": "queued"}))
    log.info("queued job %s for %s", job_id, user)


def run_queue():
    if os.geteuid() != 0:
        sys.exit("run must be started as root so it can switch users")
    for desc_path in sorted(SPOOL.glob("*/*.json")):
        desc = json.loads(desc_path.read_text())
        if desc.get("state") != "queued":
            continue
        pid = os.fork()
        if pid == 0:
            try:
                become(desc["user"])
                os.execv("/bin/sh", ["/bin/sh", desc["script"]])
            except Exception as exc:  # noqa: BLE001 - child must never return
                print(f"job {desc['id']} failed to start: {exc}", file=sys.stderr)
            finally:
                os._exit(127)
        _, status = os.waitpid(pid, 0)
        desc["state"] = "done" if os.waitstatus_to_exitcode(status) == 0 else "failed"
        desc_path.write_text(json.dumps(desc))
        log.info("job %s -> %s", desc["id"], desc["state"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("submit")
    s.add_argument("user")
    s.add_argument("command")
    sub.add_parser("run")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    if args.cmd == "submit":
        submit(args.user, args.command)
    else:
        run_queue()


if __name__ == "__main__":
    main()
