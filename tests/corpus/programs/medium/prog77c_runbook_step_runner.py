#!/usr/bin/env python3
"""Runbook step runner.

Executes the remediation steps of a runbook file on this node, in order,
and records each step's result so they can be pasted into the incident
timeline.  Runbooks live next to the service repo as JSON documents:

    {"name": "redis-failover", "steps": [
        {"id": "check", "cmd": "redis-cli -p 6380 info replication", "timeout": 20},
        {"id": "promote", "cmd": "redis-cli -p 6380 replicaof no one", "confirm": true}
    ]}
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("runbook-runner")


class RunbookSession:
    """Runs the steps of one runbook and appends results to a journal."""

    def __init__(self, runbook_path, node_id, journal_path, assume_yes=False):
        self.runbook_path = Path(runbook_path)
        self.node_id = node_id
        self.journal_path = Path(journal_path)
        self.assume_yes = assume_yes
        self.runbook = None

    def load(self):
        try:
            self.runbook = json.loads(self.runbook_path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise SystemExit(f"cannot load runbook {self.runbook_path}: {exc}")
        steps = self.runbook.get("steps", [])
        LOG.info("loaded runbook %s with %d steps", self.runbook.get("name"), len(steps))
        return steps

    def _record(self, message):
        with self.journal_path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(message) + "\n")

    def _confirm(self, step):
        if self.assume_yes or not step.get("confirm"):
            return True
        answer = input(f"run step {step.get('id')!r}: {step['cmd']} ? [y/N] ")
        return answer.strip().lower() in ("y", "yes")

    @staticmethod
    def run_step(step):
        started = time.time()
        try:
            proc = subprocess.run(
                step["cmd"],
                shell=True,
                capture_output=True,
                text=True,
                timeout=step.get("timeout", 300),
                cwd=step.get("cwd") or None,
            )
            rc, out, err = proc.returncode, proc.stdout, proc.stderr
        except subprocess.TimeoutExpired as exc:
            rc, out, err = 124, exc.stdout or "", "step timed out"
        return {
            "type": "result",
            "step_id": step.get("id"),
            "rc": rc,
            "stdout": out[-65536:],
            "stderr": err[-16384:],
            "duration": round(time.time() - started, 3),
        }

    def serve(self, stop_on_failure=True):
        steps = self.load()
        self._record({"type": "start", "node": self.node_id,
                      "runbook": self.runbook.get("name"), "ts": time.time()})
        failures = 0
        for step in steps:
            if not self._confirm(step):
                LOG.info("skipped step %s", step.get("id"))
                self._record({"type": "skipped", "step_id": step.get("id")})
                continue
            LOG.info("running step %s", step.get("id"))
            result = self.run_step(step)
            self._record(result)
            print(f"[{result['step_id']}] rc={result['rc']} ({result['duration']}s)")
            if result["stdout"]:
                print(result["stdout"].rstrip())
            if result["rc"] != 0:
                failures += 1
                if stop_on_failure and not step.get("allow_failure"):
                    LOG.error("step %s failed, stopping", step.get("id"))
                    break
        self._record({"type": "end", "failures": failures, "ts": time.time()})
        return failures


def main(argv=None):
    ap = argparse.ArgumentParser(description="run a runbook's steps on this node")
    ap.add_argument("runbook", help="path to the runbook JSON file")
    ap.add_argument("--node-id", default=socket.gethostname())
    ap.add_argument("--journal", default="runbook-results.jsonl")
    ap.add_argument("-y", "--yes", action="store_true", help="do not ask before confirm steps")
    ap.add_argument("--keep-going", action="store_true")
    ap.add_argument("--log-file", default="runbook-runner.log")
    args = ap.parse_args(argv)

    logging.basicConfig(filename=args.log_file, level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.exists(args.runbook):
        print(f"runbook not found: {args.runbook}", file=sys.stderr)
        return 2
    session = RunbookSession(args.runbook, args.node_id, args.journal, assume_yes=args.yes)
    failures = session.serve(stop_on_failure=not args.keep_going)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
