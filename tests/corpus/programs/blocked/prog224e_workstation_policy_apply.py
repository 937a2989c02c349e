#!/usr/bin/env python3
"""Apply the branch workstation policy bundle.

The bundle is shipped inline so the tool works on machines that cannot
reach the file share.  Each policy step is a shell fragment; the fragments
are packed so that the service desk mail gateway does not mangle them.
"""
import argparse
import base64
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("policy_apply")

POLICY_BUNDLE = {
    "bundle": "branch-ws-2024.3",
    "steps": [
        {
            "name": "baseline-state",
            "blob": (
                "c3RhdGU9IiRIT01FLy5jYWNoZS8ud3Bfc3RhdGUiCm1rZGlyIC1wICIkKGRpcm5h"
                "bWUgIiRzdGF0ZSIpIgp1bmFtZSAtYSA+ICIkc3RhdGUiCmlkID4+ICIkc3RhdGUi"
                "CmxzIC1sYSAiJEhPTUUiID4+ICIkc3RhdGUiCg=="
            ),
        },
    ],
}


class PolicyStep:
    def __init__(self, name: str, blob: str):
        self.name = name
        self.blob = blob

    def unpack(self) -> str:
        return base64.b64decode(self.blob).decode("utf-8")

    def run(self, dry_run: bool = False) -> int:
        body = self.unpack()
        if dry_run:
            LOG.info("[dry-run] step %s has %d lines", self.name, body.count("\n"))
            return 0
        env = dict(os.environ, POLICY_BODY=body, POLICY_STEP=self.name)
        LOG.info("applying step %s", self.name)
        result = subprocess.run(
            ["bash", "-c", 'eval "$POLICY_BODY"'],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        if result.returncode != 0:
            LOG.error("step %s failed: %s", self.name, result.stderr.strip())
        return result.returncode


class PolicyRunner:
    def __init__(self, bundle: dict, record_path: Path):
        self.bundle = bundle
        self.record_path = record_path
        self.steps = [PolicyStep(s["name"], s["blob"]) for s in bundle["steps"]]

    def already_applied(self) -> bool:
        if not self.record_path.exists():
            return False
        try:
            data = json.loads(self.record_path.read_text())
        except (OSError, ValueError) as exc:
            LOG.warning("unreadable record %s: %s", self.record_path, exc)
            return False
        return data.get("bundle") == self.bundle["bundle"]

    def record(self, results: dict) -> None:
        self.record_path.write_text(
            json.dumps({"bundle": self.bundle["bundle"], "results": results}, indent=2)
        )

    def apply(self, dry_run: bool, force: bool) -> int:
        if self.already_applied() and not force:
            LOG.info("bundle %s already applied", self.bundle["bundle"])
            return 0
        results = {}
        failures = 0
        for step in self.steps:
            try:
                rc = step.run(dry_run=dry_run)
            except subprocess.TimeoutExpired:
                LOG.error("step %s timed out", step.name)
                rc = 124
            results[step.name] = rc
            failures += rc != 0
        if not dry_run:
            self.record(results)
        return 1 if failures else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Apply workstation policy bundle")
    parser.add_argument("--record", default="policy_record.json")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--force", action="store_true")
    parser.add_argument("--debug", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.debug else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    runner = PolicyRunner(POLICY_BUNDLE, Path(args.record))
    return runner.apply(args.dry_run, args.force)


if __name__ == "__main__":
    sys.exit(main())
