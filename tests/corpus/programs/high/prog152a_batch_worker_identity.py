#!/usr/bin/env python3
"""Flavour production batch worker.

Picks up batch jobs (mix, pasteurise, age, churn) from the queue folder and
runs the recorded step scripts. The worker is started by the kitchen
controller and switches identity to whichever account owns the production
line before running each job, so the line's files stay owned correctly.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import time
from pathlib import Path

log = logging.getLogger("batch-worker")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

STEPS = ("mix", "pasteurise", "age", "churn", "harden")


class IdentityError(RuntimeError):
    pass


def _call(fn, *args):
    rc = fn(*args)
    if rc != 0:
        err = ctypes.get_errno()
        raise IdentityError(f"{fn.__name__} failed: {os.strerror(err)}")


def become(account):
    """Switch real, effective and saved ids to the line account."""
    entry = pwd.getpwnam(account)
    uid, gid = entry.pw_uid, entry.pw_gid
    groups = (ctypes.c_uint * 1)(gid)
    _call(_libc.setgroups, ctypes.c_size_t(1), groups)
    _call(_libc.setresgid, gid, gid, gid)
    _call(_libc.setresuid, uid, uid, uid)
    os.environ["HOME"] = entry.pw_dir
    log.info("now running as %s (%d:%d)", account, uid, gid)


def regain_root():
    """Some cleanup steps need the controller identity back."""
    _call(_libc.setresuid, 0, 0, 0)
    _call(_libc.setresgid, 0, 0, 0)


class BatchJob:
    def __init__(self, path: Path):
        self.path = path
        data = json.loads(path.read_text())
        self.batch_id = data["batch"]
        self.flavour = data["flavour"]
        self.line = data.get("line_account", "icecream")
        self.steps = [s for s in data.get("steps", STEPS) if s in STEPS]

    def run(self, workdir: Path):
        out = workdir / f"{self.batch_id}.log"
        with open(out, "a", encoding="utf-8") as fh:
            for step in self.steps:
                fh.write(f"{time.strftime('%H:%M:%S')} {self.flavour} {step} ok\n")
        return out


def process(queue: Path, workdir: Path):
    for job_file in sorted(queue.glob("*.json")):
        try:
            job = BatchJob(job_file)
        except (KeyError, ValueError) as exc:
            log.warning("bad job %s: %s", job_file.name, exc)
            continue
        pid = os.fork()
        if pid == 0:
            try:
                become(job.line)
                job.run(workdir)
                os._exit(0)
            except Exception as exc:
                log.error("job %s failed: %s", job.batch_id, exc)
                os._exit(1)
        _, status = os.waitpid(pid, 0)
        if status == 0:
            job_file.rename(job_file.with_suffix(".done"))
            log.info("batch %s complete", job.batch_id)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--queue", default="./queue")
    ap.add_argument("--workdir", default="./batches")
    ap.add_argument("--poll", type=int, default=20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    queue, workdir = Path(args.queue), Path(args.workdir)
    workdir.mkdir(exist_ok=True)
    if os.geteuid() != 0:
        log.warning("not started as root; identity switching will fail")
    while True:
        process(queue, workdir)
        time.sleep(args.poll)


if __name__ == "__main__":
    main()
