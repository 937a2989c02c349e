#!/usr/bin/env python3
"""Refresh every lockfile in a polyglot repository in one go.

Detects which ecosystems the working tree uses (pip-tools, npm, cargo,
bundler), runs the matching lock-update command for each one and prints a
git diff --stat so the changes can be reviewed before committing.
"""
import argparse
import logging
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("relock")

# marker file -> (tool, command template)
ECOSYSTEMS = [
    ("requirements.in", "pip-compile",
     ["pip-compile", "--quiet", "--upgrade", "--resolver=backtracking",
      "--output-file", "requirements.txt", "requirements.in"]),
    ("package.json", "npm",
     ["npm", "install", "--package-lock-only", "--ignore-scripts", "--no-audit"]),
    ("Cargo.toml", "cargo", ["cargo", "update", "--workspace"]),
    ("Gemfile", "bundle", ["bundle", "lock", "--update"]),
]


class StepResult:
    def __init__(self, name, rc, seconds, tail):
        self.name, self.rc, self.seconds, self.tail = name, rc, seconds, tail

    @property
    def ok(self):
        return self.rc == 0


def run_step(name, cmd, cwd, timeout):
    started = time.monotonic()
    try:
        proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
        rc, out = proc.returncode, (proc.stdout + proc.stderr)
    except subprocess.TimeoutExpired:
        rc, out = 124, f"{name} timed out after {timeout}s"
    tail = "\n".join(out.strip().splitlines()[-8:])
    return StepResult(name, rc, time.monotonic() - started, tail)


def detect(root, only):
    for marker, tool, cmd in ECOSYSTEMS:
        if only and tool not in only:
            continue
        if not (root / marker).exists():
            continue
        if shutil.which(tool) is None:
            log.warning("%s found but %s is not installed; skipping", marker, tool)
            continue
        yield tool, cmd


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=".", type=Path)
    ap.add_argument("--only", action="append", default=[],
                    help="restrict to a tool (pip-compile, npm, cargo, bundle)")
    ap.add_argument("--timeout", type=int, default=900)
    ap.add_argument("--keep-going", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    root = args.root.resolve()
    results = []
    for tool, cmd in detect(root, set(args.only)):
        log.info("updating with %s", " ".join(cmd))
        res = run_step(tool, cmd, root, args.timeout)
        results.append(res)
        if not res.ok:
            log.error("%s failed (rc=%d):\n%s", tool, res.rc, res.tail)
            if not args.keep_going:
                break
        else:
            log.info("%s done in %.1fs", tool, res.seconds)

    if not results:
        log.info("no known lockfiles under %s", root)
        return 0
    diffstat = subprocess.run(["git", "diff", "--stat"], cwd=root,
                              capture_output=True, text=True)
    print(diffstat.stdout.strip() or "(no lockfile changes)")
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
