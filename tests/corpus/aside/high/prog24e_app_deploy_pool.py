#!/usr/bin/env python3
"""Update app checkouts and restart their services in a thread pool.

Checks are declared in an embedded JSON task table; each entry names a
command template that the TaskRunner expands per repository and executes.
Results are gathered through futures and summarised at the end.
"""
import argparse
import json
import logging
import shlex
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List

log = logging.getLogger("maint")

TASK_TABLE = """
{
  "defaults": {"timeout": 60},
  "tasks": {
    "status":  {"cmd": "git -C {repo} status --short --branch"},
    "fetch":   {"cmd": "git -C {repo} fetch --prune --quiet", "timeout": 120},
    "gc":      {"cmd": "git -C {repo} gc --auto --quiet"},
    "size":    {"cmd": "du -sh {repo}"},
    "stashes": {"cmd": "git -C {repo} stash list"},
    "pull":    {"cmd": "git -C {repo} pull --ff-only --quiet", "timeout": 120},
    "restart": {"cmd": "sudo systemctl restart app-{name}.service", "timeout": 90}
  },
  "profiles": {
    "quick":  ["status", "stashes"],
    "full":   ["fetch", "status", "gc", "size", "stashes"],
    "deploy": ["pull", "restart"]
  }
}
"""


@dataclass
class TaskSpec:
    name: str
    template: str
    timeout: int

    def argv_for(self, repo: Path) -> List[str]:
        return [part.replace("{repo}", str(repo)).replace("{name}", repo.name)
                for part in shlex.split(self.template)]


@dataclass
class Outcome:
    repo: Path
    task: str
    returncode: int
    output: str
    seconds: float = 0.0
    notes: List[str] = field(default_factory=list)


class TaskRunner:
    def __init__(self, table: Dict, dry_run: bool = False) -> None:
        default_timeout = table["defaults"]["timeout"]
        self.specs = {
            name: TaskSpec(name, t["cmd"], t.get("timeout", default_timeout))
            for name, t in table["tasks"].items()
        }
        self.profiles: Dict[str, List[str]] = table["profiles"]
        self.dry_run = dry_run

    def execute(self, spec: TaskSpec, repo: Path) -> Outcome:
        argv = spec.argv_for(repo)
        if self.dry_run:
            return Outcome(repo, spec.name, 0, "would run: " + shlex.join(argv))
        start = time.monotonic()
        try:
            proc = subprocess.run(argv, capture_output=True, text=True, timeout=spec.timeout)
            out = (proc.stdout + proc.stderr).strip()
            rc = proc.returncode
        except subprocess.TimeoutExpired:
            out, rc = f"timed out after {spec.timeout}s", 124
        except FileNotFoundError as exc:
            out, rc = str(exc), 127
        return Outcome(repo, spec.name, rc, out, time.monotonic() - start)

    def plan(self, profile: str, repos: List[Path]):
        for repo in repos:
            for task_name in self.profiles[profile]:
                yield self.specs[task_name], repo

    def run(self, profile: str, repos: List[Path], workers: int) -> List[Outcome]:
        outcomes: List[Outcome] = []
        with ThreadPoolExecutor(max_workers=workers) as pool:
            futures = {pool.submit(self.execute, spec, repo): (spec.name, repo)
                       for spec, repo in self.plan(profile, repos)}
            for fut in as_completed(futures):
                name, repo = futures[fut]
                try:
                    outcomes.append(fut.result())
                except Exception as exc:
                    outcomes.append(Outcome(repo, name, 1, f"internal error: {exc}"))
        return sorted(outcomes, key=lambda o: (str(o.repo), o.task))


def discover(root: Path, depth: int) -> List[Path]:
    repos = []
    for git_dir in root.glob("/".join(["*"] * depth) + "/.git"):
        repos.append(git_dir.parent)
    if (root / ".git").exists():
        repos.append(root)
    return sorted(set(repos))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default=".", type=Path)
    ap.add_argument("--profile", default="deploy")
    ap.add_argument("--depth", type=int, default=1)
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    runner = TaskRunner(json.loads(TASK_TABLE), dry_run=args.dry_run)
    if args.profile not in runner.profiles:
        log.error("unknown profile %s", args.profile)
        return 2
    repos = discover(args.root.resolve(), args.depth)
    if not repos:
        log.warning("no repositories under %s", args.root)
        return 0
    failures = 0
    for o in runner.run(args.profile, repos, args.workers):
        flag = "ok " if o.returncode == 0 else "ERR"
        print(f"{flag} {o.repo.name:20s} {o.task:8s} {o.seconds:5.1f}s")
        if o.output:
            print("    " + o.output.replace("\n", "\n    "))
        failures += o.returncode != 0
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
