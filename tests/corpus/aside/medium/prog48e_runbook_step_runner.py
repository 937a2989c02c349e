#!/usr/bin/env python3
"""Run the read-only "check" commands of a local incident runbook and record
their output, so the responder sees the evidence next to each step.

Only diagnostic commands from ALLOWED are run; everything else is skipped."""
import argparse
import logging
import shlex
import subprocess
import sys
import time
from pathlib import Path

from yaml import Loader, load

log = logging.getLogger("runbook-runner")

ALLOWED = {"df", "uptime", "free", "ss", "ps", "journalctl", "curl", "dig", "vmstat"}


class StepResult:
    __slots__ = ("title", "command", "rc", "output", "seconds")

    def __init__(self, title, command):
        self.title, self.command = title, command
        self.rc, self.output, self.seconds = None, "", 0.0

    def as_markdown(self):
        status = "skipped" if self.rc is None else ("ok" if self.rc == 0 else f"rc={self.rc}")
        return (f"### {self.title} ({status}, {self.seconds:.1f}s)\n"
                f"`{self.command}`\n\n```\n{self.output.rstrip()}\n```\n")


def load_runbook(path):
    with open(path, encoding="utf-8") as fh:
        doc = load(fh, Loader=Loader)
    if not isinstance(doc, dict) or "steps" not in doc:
        raise ValueError(f"{path}: no 'steps' list")
    return doc


def run_check(step, timeout):
    cmd = step.get("check")
    res = StepResult(step.get("title", "step"), cmd or "")
    if not cmd:
        return res
    argv = shlex.split(cmd)
    if argv[0] not in ALLOWED:
        log.warning("refusing non-diagnostic command %r", argv[0])
        res.output = "not in allowlist"
        return res
    started = time.monotonic()
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
        res.rc, res.output = proc.returncode, proc.stdout + proc.stderr
    except subprocess.TimeoutExpired:
        res.rc, res.output = 124, f"timed out after {timeout}s"
    except FileNotFoundError:
        res.rc, res.output = 127, f"{argv[0]} not installed"
    res.seconds = time.monotonic() - started
    return res


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("runbook", type=Path)
    ap.add_argument("--timeout", type=int, default=20)
    ap.add_argument("--out", type=Path, default=Path("evidence.md"))
    ap.add_argument("--stop-on-fail", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        book = load_runbook(args.runbook)
    except (OSError, ValueError) as exc:
        log.error("%s", exc)
        return 2

    results = []
    for step in book["steps"]:
        r = run_check(step, args.timeout)
        results.append(r)
        log.info("%-40s %s", r.title[:40], r.rc)
        if args.stop_on_fail and r.rc not in (None, 0):
            break

    with args.out.open("w", encoding="utf-8") as fh:
        fh.write(f"# Evidence for {book.get('title', args.runbook.name)}\n\n")
        fh.writelines(r.as_markdown() for r in results)
    log.info("wrote %s", args.out)
    return 0 if all(r.rc in (None, 0) for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
