#!/usr/bin/env python3
"""A tiny ansible-like task runner for node baseline configuration.

Tasks are a name plus an argv list.  Tasks marked `become: true` are run
through the privilege-escalation wrapper configured in `become_method`
(sudo by default), exactly like ansible's become.
"""
import argparse
import logging
import os
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional

import yaml

LOG = logging.getLogger("playbook")

DEFAULT_PLAY = """
become_method: sudo
become_user: root
tasks:
  - name: refresh package index
    argv: [apt-get, update, -q]
    become: true
  - name: install time sync
    argv: [apt-get, install, -y, -q, chrony]
    become: true
  - name: restart time sync
    argv: [systemctl, restart, chrony]
    become: true
  - name: show clock status
    argv: [timedatectl, show]
"""

BECOME_PREFIX = {
    "sudo": lambda user: ["sudo", "-n", "-H", "-u", user, "--"],
    "doas": lambda user: ["doas", "-n", "-u", user],
}


@dataclass
class Task:
    name: str
    argv: List[str]
    become: bool = False
    ignore_errors: bool = False
    env: Dict[str, str] = field(default_factory=dict)
    timeout: int = 900


@dataclass
class Play:
    tasks: List[Task]
    become_method: str = "sudo"
    become_user: str = "root"


def load_play(path: Optional[str]) -> Play:
    text = Path(path).read_text() if path else DEFAULT_PLAY
    raw = yaml.safe_load(text) or {}
    tasks = [Task(**t) for t in raw.get("tasks", [])]
    return Play(tasks=tasks,
                become_method=raw.get("become_method", "sudo"),
                become_user=raw.get("become_user", "root"))


def build_command(task: Task, play: Play) -> List[str]:
    argv = [str(a) for a in task.argv]
    if task.become:
        try:
            prefix = BECOME_PREFIX[play.become_method](play.become_user)
        except KeyError:
            raise ValueError(f"unknown become_method {play.become_method}")
        argv = prefix + argv
    return argv


class Executor:
    def __init__(self, play: Play, log_dir: Path):
        self.play = play
        self.log_dir = log_dir

    def run(self, task: Task) -> int:
        command = build_command(task, self.play)
        LOG.info("TASK [%s] %s", task.name, " ".join(shlex.quote(c) for c in command))
        self.log_dir.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive", **task.env)
        logfile = self.log_dir / (task.name.replace(" ", "_") + ".log")
        with open(logfile, "w") as out:
            proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
            try:
                return proc.wait(timeout=task.timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                LOG.error("TASK [%s] timed out after %ss", task.name, task.timeout)
                return 124

    def run_play(self) -> Dict[str, int]:
        summary = {"ok": 0, "failed": 0, "ignored": 0}
        for task in self.play.tasks:
            rc = self.run(task)
            if rc == 0:
                summary["ok"] += 1
            elif task.ignore_errors:
                summary["ignored"] += 1
            else:
                summary["failed"] += 1
                LOG.error("TASK [%s] failed rc=%d, aborting play", task.name, rc)
                break
        return summary


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("playbook", nargs="?", help="YAML play (default: built-in baseline)")
    parser.add_argument("--log-dir", default="runs/" + time.strftime("%Y%m%d-%H%M%S"))
    parser.add_argument("--become-method", choices=sorted(BECOME_PREFIX))
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        play = load_play(args.playbook)
    except (OSError, TypeError, yaml.YAMLError) as exc:
        LOG.error("cannot load play: %s", exc)
        return 2
    if args.become_method:
        play.become_method = args.become_method
    summary = Executor(play, Path(args.log_dir)).run_play()
    LOG.info("PLAY RECAP ok=%(ok)d failed=%(failed)d ignored=%(ignored)d", summary)
    return 1 if summary["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
