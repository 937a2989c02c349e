#!/usr/bin/env python3
"""Run guide-rota worker jobs for each port call.

Each port call gets its own short-lived worker that recomputes the guide
rota from the excursion bookings and writes it to the local rota directory.
Workers run as child processes of this runner.
"""
import argparse
import logging
import os
import subprocess
import sys
import time

import yaml

log = logging.getLogger("rota-runner")


class Runner:
    def __init__(self, python, workdir):
        self.python = python
        self.workdir = workdir
        self.procs = {}

    def start(self, name, argv, env):
        full_env = dict(os.environ)
        full_env.update(env)
        log_path = os.path.join(self.workdir, "logs", f"{name}.log")
        os.makedirs(os.path.dirname(log_path), exist_ok=True)
        fh = open(log_path, "ab")
        proc = subprocess.Popen([self.python, *argv], cwd=self.workdir, env=full_env,
                                stdout=fh, stderr=subprocess.STDOUT)
        self.procs[name] = (proc, fh)
        return proc.pid

    def wait(self, name, timeout=None):
        proc, fh = self.procs.pop(name)
        try:
            return proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.terminate()
            return proc.wait()
        finally:
            fh.close()


def load_jobs(path):
    with open(path, encoding="utf-8") as fh:
        cfg = yaml.safe_load(fh) or {}
    defaults = cfg.get("defaults", {})
    for call in cfg.get("port_calls", []):
        job = dict(defaults)
        job.update(call)
        yield job


def worker_spec(job):
    return {
        "argv": ["-m", "rota_worker", "--port", job["port"], "--date", job["date"],
                 "--out", job.get("rota_dir", "rota")],
        "env": {"BOOKINGS_API": job.get("bookings_api", ""),
                "BOOKINGS_API_KEY": os.environ.get("BOOKINGS_API_KEY", "")},
    }


def run_job(runner, job, wait, timeout):
    name = f"rota-{job['port'].lower()}-{job['date']}"
    spec = worker_spec(job)
    pid = runner.start(name, spec["argv"], spec["env"])
    log.info("started %s (pid %s)", name, pid)
    if not wait:
        return 0
    code = runner.wait(name, timeout=timeout)
    log.info("%s exited with %s", name, code)
    return code


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("jobs", help="YAML with defaults and port_calls")
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--workdir", default=os.getcwd())
    ap.add_argument("--wait", action="store_true")
    ap.add_argument("--timeout", type=int, default=900)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    runner = Runner(args.python, args.workdir)
    failures = 0
    try:
        jobs = list(load_jobs(args.jobs))
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot load jobs: %s", exc)
        return 2
    for job in jobs:
        try:
            if run_job(runner, job, args.wait, args.timeout) != 0:
                failures += 1
        except (OSError, KeyError) as exc:
            log.error("job %s failed: %s", job.get("port"), exc)
            failures += 1
        time.sleep(1)
    log.info("%d jobs, %d failures", len(jobs), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
