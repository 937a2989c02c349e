#!/usr/bin/env python3
"""Run the same maintenance tasks over every git checkout under ./repos in
parallel, using asyncio subprocesses, and print a compact table.

Tasks are defined in tasks.toml-like JSON (tasks.json) or default to
fetch/status/test.
"""
import argparse
import asyncio
import json
import logging
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("repotasks")

DEFAULT_TASKS = {
    "fetch": ["git", "fetch", "--prune", "--quiet"],
    "status": ["git", "status", "--porcelain"],
    "test": ["python3", "-m", "pytest", "-q", "-x", "--no-header"],
}


@dataclass
class Result:
    repo: str
    task: str
    rc: int
    seconds: float
    tail: str


async def run_task(sem: asyncio.Semaphore, repo: Path, name: str, argv: list, timeout: float) -> Result:
    async with sem:
        started = time.monotonic()
        proc = await asyncio.create_subprocess_exec(
            *argv,
            cwd=str(repo),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        try:
            out, _ = await asyncio.wait_for(proc.communicate(), timeout=timeout)
        except asyncio.TimeoutError:
            proc.kill()
            await proc.wait()
            return Result(repo.name, name, -1, time.monotonic() - started, "timeout")
        text = out.decode("utf-8", "replace").strip().splitlines()
        return Result(repo.name, name, proc.returncode, time.monotonic() - started,
                      text[-1] if text else "")


def discover(root: Path) -> list:
    repos = [p for p in sorted(root.iterdir()) if (p / ".git").exists()]
    log.debug("found %d repositories under %s", len(repos), root)
    return repos


def load_tasks(path: Path, selected: list) -> dict:
    tasks = dict(DEFAULT_TASKS)
    if path.exists():
        tasks.update(json.loads(path.read_text()))
    if selected:
        missing = [t for t in selected if t not in tasks]
        if missing:
            raise SystemExit(f"unknown task(s): {', '.join(missing)}")
        tasks = {k: tasks[k] for k in selected}
    for name, argv in tasks.items():
        if not isinstance(argv, list) or shutil.which(argv[0]) is None:
            raise SystemExit(f"task {name!r}: executable {argv[0]!r} not found")
    return tasks


async def main_async(args) -> int:
    repos = discover(Path(args.root))
    if not repos:
        log.error("no repositories found in %s", args.root)
        return 2
    tasks = load_tasks(Path(args.tasks), args.only)
    sem = asyncio.Semaphore(args.jobs)
    results = []
    for name, argv in tasks.items():
        # tasks run in order (fetch before test) but repos in parallel
        batch = [run_task(sem, repo, name, argv, args.timeout) for repo in repos]
        results.extend(await asyncio.gather(*batch))

    width = max(len(r.repo) for r in results)
    failures = 0
    for r in results:
        mark = "ok " if r.rc == 0 else "ERR"
        if r.rc != 0:
            failures += 1
        print(f"{mark} {r.repo:<{width}} {r.task:<8} {r.seconds:6.1f}s  {r.tail[:70]}")
    if args.json:
        Path(args.json).write_text(json.dumps([r.__dict__ for r in results], indent=2))
    return 1 if failures else 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default="repos")
    ap.add_argument("--tasks", default="tasks.json")
    ap.add_argument("--only", nargs="*", default=[])
    ap.add_argument("-j", "--jobs", type=int, default=4)
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
