#!/usr/bin/env python3
"""GPU job worker for the shared training box.

Started as root by the scheduler. For every job file in the queue directory
it pins the job to its assigned GPUs, switches to the submitting user's
uid/gid (with that user's supplementary groups) and runs the job's command
in the job's working directory.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import signal
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("gpu_worker")
RUNNING = True


def handle_term(signum, _frame):
    global RUNNING
    log.info("signal %d received, finishing current job", signum)
    RUNNING = False


def user_identity(username: str):
    pw = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    if pw.pw_gid not in groups:
        groups.append(pw.pw_gid)
    return pw, groups


def make_demote(username: str):
    pw, groups = user_identity(username)

    def demote():
        os.setgroups(groups)
        os.setgid(pw.pw_gid)
        os.setuid(pw.pw_uid)
        os.umask(0o022)
    return pw, demote


def run_job(job: dict, log_dir: Path) -> int:
    pw, demote = make_demote(job["user"])
    env = {
        "HOME": pw.pw_dir,
        "USER": pw.pw_name,
        "LOGNAME": pw.pw_name,
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "CUDA_VISIBLE_DEVICES": ",".join(str(g) for g in job.get("gpus", [0])),
        "OMP_NUM_THREADS": str(job.get("cpus", 8)),
    }
    env.update(job.get("env", {}))
    log_path = log_dir / f"{job['id']}.log"
    log.info("job %s: user=%s gpus=%s cmd=%s", job["id"], pw.pw_name,
             env["CUDA_VISIBLE_DEVICES"], job["command"])
    with open(log_path, "ab") as out:
        proc = subprocess.Popen(job["command"], cwd=job.get("workdir", pw.pw_dir),
                                env=env, stdout=out, stderr=subprocess.STDOUT,
                                preexec_fn=demote)
        try:
            return proc.wait(timeout=job.get("time_limit", 24 * 3600))
        except subprocess.TimeoutExpired:
            log.warning("job %s hit its time limit", job["id"])
            proc.send_signal(signal.SIGTERM)
            return proc.wait()


def next_job(queue: Path):
    for path in sorted(queue.glob("*.json")):
        claimed = path.with_suffix(".running")
        try:
            path.rename(claimed)
        except FileNotFoundError:
            continue
        return claimed, json.loads(claimed.read_text())
    return None, None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--queue", type=Path, default=Path("/srv/gpuq/pending"))
    ap.add_argument("--done", type=Path, default=Path("/srv/gpuq/done"))
    ap.add_argument("--logs", type=Path, default=Path("/srv/gpuq/logs"))
    ap.add_argument("--poll", type=float, default=5.0)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.error("worker must start as root to switch to job owners")
        return 2
    signal.signal(signal.SIGTERM, handle_term)
    for d in (args.done, args.logs):
        d.mkdir(parents=True, exist_ok=True)

    while RUNNING:
        path, job = next_job(args.queue)
        if job is None:
            if args.once:
                break
            time.sleep(args.poll)
            continue
        try:
            rc = run_job(job, args.logs)
        except (KeyError, OSError) as exc:
            log.error("job %s failed to start: %s", path.name, exc)
            rc = -1
        job["returncode"] = rc
        job["finished"] = time.time()
        (args.done / path.with_suffix(".json").name).write_text(json.dumps(job, indent=2))
        path.unlink()
        log.info("job %s finished with %d", job.get("id"), rc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
