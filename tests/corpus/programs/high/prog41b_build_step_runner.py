#!/usr/bin/env python3
"""Run one build step from a job file as the unprivileged 'builder' account.

The agent daemon starts this helper as root; it switches the process to the
build user's uid/gid and supplementary groups, then executes the step's
command list with a scrubbed environment and a hard timeout.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("step-runner")
SAFE_ENV = ("PATH", "LANG", "LC_ALL", "TZ", "CI", "CI_JOB_ID", "CI_COMMIT_SHA")


def switch_identity(username: str) -> None:
    entry = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(groups)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.environ["HOME"] = entry.pw_dir
    os.environ["USER"] = username
    log.info("running as %s (uid=%d gid=%d, %d groups)",
             username, os.getuid(), os.getgid(), len(groups))


def clean_env() -> dict:
    env = {k: os.environ[k] for k in SAFE_ENV if k in os.environ}
    env.setdefault("PATH", "/usr/local/bin:/usr/bin:/bin")
    env["HOME"] = os.environ.get("HOME", "/home/builder")
    return env


def run_step(step: dict, workdir: Path) -> int:
    commands = step.get("commands", [])
    timeout = int(step.get("timeout", 1800))
    for line in commands:
        argv = shlex.split(line)
        log.info("$ %s", " ".join(argv))
        try:
            proc = subprocess.run(argv, cwd=workdir, env=clean_env(), timeout=timeout)
        except subprocess.TimeoutExpired:
            log.error("step %r timed out after %ss", step.get("name"), timeout)
            return 124
        except FileNotFoundError as exc:
            log.error("command not found: %s", exc.filename)
            return 127
        if proc.returncode != 0:
            return proc.returncode
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("job", type=Path, help="job JSON written by the agent")
    ap.add_argument("--step", required=True)
    ap.add_argument("--user", default="builder")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    job = json.loads(args.job.read_text())
    step = next((s for s in job.get("steps", []) if s.get("name") == args.step), None)
    if step is None:
        log.error("no step named %r in %s", args.step, args.job)
        return 2
    workdir = Path(job.get("workspace", ".")).resolve()
    if os.geteuid() == 0:
        switch_identity(args.user)
    else:
        log.warning("not root; running step as %s", pwd.getpwuid(os.getuid()).pw_name)
    rc = run_step(step, workdir)
    log.info("step %s finished rc=%d", args.step, rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
