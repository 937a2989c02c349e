#!/usr/bin/env python3
"""Submit command lines to the team's hosted batch runner.

Each job is described in a small INI file; argv lists are built
locally, shell-quoted for the audit log, and posted as JSON to the runner
API. The runner token comes from the environment and is sent only there.
"""
import argparse
import configparser
import logging
import os
import shlex
import sys

import requests

log = logging.getLogger("batch-submit")
DEFAULT_API = "https://batch.internal.example.com/api/v2"


class JobSpec:
    def __init__(self, name, section):
        self.name = name
        self.program = section.get("program", "python3")
        self.script = section.get("script")
        self.flags = [f.strip() for f in section.get("flags", "").split(",") if f.strip()]
        self.inputs = [i.strip() for i in section.get("inputs", "").split(",") if i.strip()]
        self.cpus = section.getint("cpus", fallback=1)
        self.memory = section.get("memory", "2G")

    def argv(self):
        cmd = [self.program]
        if self.script:
            cmd.append(self.script)
        for flag in self.flags:
            key, _, value = flag.partition("=")
            cmd.append(f"--{key}")
            if value:
                cmd.append(value)
        cmd.extend(self.inputs)
        return cmd

    def to_payload(self):
        return {
            "name": self.name,
            "argv": self.argv(),
            "display": shlex.join(self.argv()),
            "resources": {"cpus": self.cpus, "memory": self.memory},
        }


class RunnerClient:
    def __init__(self, base_url, token):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {token}",
                                     "Accept": "application/json"})

    def submit(self, payload):
        resp = self.session.post(f"{self.base_url}/jobs", json=payload, timeout=20)
        resp.raise_for_status()
        return resp.json().get("id")

    def status(self, job_id):
        resp = self.session.get(f"{self.base_url}/jobs/{job_id}", timeout=10)
        resp.raise_for_status()
        return resp.json().get("state", "unknown")


def load_jobs(path):
    parser = configparser.ConfigParser()
    if not parser.read(path):
        raise FileNotFoundError(path)
    return [JobSpec(name, parser[name]) for name in parser.sections()]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("jobfile", help="INI file with one section per job")
    ap.add_argument("--api", default=os.environ.get("BATCH_API_URL", DEFAULT_API))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("BATCH_RUNNER_TOKEN")
    if not token and not args.dry_run:
        log.error("BATCH_RUNNER_TOKEN is not set")
        return 2
    jobs = load_jobs(args.jobfile)
    client = None if args.dry_run else RunnerClient(args.api, token)
    for job in jobs:
        payload = job.to_payload()
        log.info("%s: %s", job.name, payload["display"])
        if client is None:
            continue
        try:
            job_id = client.submit(payload)
            log.info("submitted %s as %s (%s)", job.name, job_id, client.status(job_id))
        except requests.RequestException as exc:
            log.error("submission of %s failed: %s", job.name, exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
