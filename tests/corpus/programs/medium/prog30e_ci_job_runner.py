#!/usr/bin/env python3
"""Run the steps of a local CI job description, each through bash.

Every step is rendered into a bash command line with shlex.join and run with
`bash -c` inside the project directory, so that steps may use shell features
such as `&&` in their optional "shell" form.
"""
import argparse
import json
import logging
import shlex
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("ci_runner")

DEFAULT_JOB = {
    "name": "unit-tests",
    "steps": [
        {"title": "lint", "argv": ["python3", "-m", "flake8", "src", "tests"]},
        {"title": "types", "argv": ["python3", "-m", "mypy", "src"]},
        {"title": "tests", "argv": ["python3", "-m", "pytest", "-q", "tests"]},
        {"title": "wheel", "shell": "python3 -m build --wheel && ls -l dist"},
    ],
}


class StepFailed(RuntimeError):
    def __init__(self, title, code):
        super().__init__(f"step '{title}' exited with {code}")
        self.title = title
        self.code = code


def load_job(path):
    if not path:
        return DEFAULT_JOB
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def step_command(step):
    if "shell" in step:
        return step["shell"]
    argv = step.get("argv") or []
    if not argv:
        raise ValueError(f"step {step!r} has neither 'argv' nor 'shell'")
    return shlex.join(argv)


def run_step(step, workdir, timeout, dry_run):
    title = step.get("title", "step")
    command = step_command(step)
    LOG.info("==> %s: %s", title, command)
    if dry_run:
        return 0.0
    started = time.monotonic()
    proc = subprocess.run(
        ["bash", "-c", "set -euo pipefail; " + command],
        cwd=workdir,
        timeout=timeout,
        check=False,
    )
    elapsed = time.monotonic() - started
    if proc.returncode != 0:
        raise StepFailed(title, proc.returncode)
    return elapsed


def summarise(results):
    width = max((len(t) for t, _ in results), default=5)
    for title, outcome in results:
        LOG.info("  %-*s  %s", width, title, outcome)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--job", help="JSON job description")
    parser.add_argument("--workdir", default=".", help="project directory")
    parser.add_argument("--timeout", type=int, default=900)
    parser.add_argument("--keep-going", action="store_true")
    parser.add_argument("-n", "--dry-run", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    workdir = Path(args.workdir).resolve()
    try:
        job = load_job(args.job)
    except (OSError, json.JSONDecodeError) as exc:
        LOG.error("cannot load job: %s", exc)
        return 2

    LOG.info("job %s in %s", job.get("name", "?"), workdir)
    results, failed = [], False
    for step in job.get("steps", []):
        title = step.get("title", "step")
        try:
            elapsed = run_step(step, workdir, args.timeout, args.dry_run)
            results.append((title, f"ok ({elapsed:.1f}s)"))
        except subprocess.TimeoutExpired:
            results.append((title, "timeout"))
            failed = True
        except (StepFailed, ValueError) as exc:
            results.append((title, f"FAILED: {exc}"))
            failed = True
        if failed and not args.keep_going:
            break

    summarise(results)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
