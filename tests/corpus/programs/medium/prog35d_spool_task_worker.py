#!/usr/bin/env python3
"""Spool-directory task worker for the release helper.

Producers drop serialized Task objects into ./spool/incoming; this worker
claims them one by one (rename into ./spool/active), dispatches them to a
handler registered with @handles, and moves them to done/ or failed/.
Handlers cover repository chores: fetching, tagging, changelog generation.
"""
from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import logging
import pickle
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional

LOG = logging.getLogger("spool-worker")
HANDLERS: Dict[str, Callable[["Task", "WorkerContext"], Any]] = {}


def handles(kind: str):
    def register(fn):
        HANDLERS[kind] = fn
        return fn
    return register


@dataclass
class Task:
    kind: str
    repo: str
    args: Dict[str, Any] = field(default_factory=dict)
    created: float = field(default_factory=time.time)
    attempts: int = 0


@dataclass
class WorkerContext:
    workspace: Path
    git_binary: str = "git"
    dry_run: bool = False

    def repo_path(self, name: str) -> Path:
        path = (self.workspace / name).resolve()
        if self.workspace.resolve() not in path.parents:
            raise ValueError(f"repo {name!r} escapes the workspace")
        return path


class GitRunner:
    def __init__(self, ctx: WorkerContext):
        self.ctx = ctx

    def __call__(self, repo: Path, *args: str) -> str:
        cmd = [self.ctx.git_binary, "-C", str(repo), *args]
        LOG.debug("exec %s", " ".join(cmd))
        if self.ctx.dry_run:
            return ""
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        if proc.returncode != 0:
            raise RuntimeError(f"git {' '.join(args)} failed: {proc.stderr.strip()}")
        return proc.stdout


@handles("fetch")
def do_fetch(task: Task, ctx: WorkerContext) -> str:
    git = GitRunner(ctx)
    return git(ctx.repo_path(task.repo), "fetch", "--prune", task.args.get("remote", "origin"))


@handles("tag")
def do_tag(task: Task, ctx: WorkerContext) -> str:
    git = GitRunner(ctx)
    repo = ctx.repo_path(task.repo)
    tag = task.args["tag"]
    message = task.args.get("message", f"release {tag}")
    git(repo, "tag", "-a", tag, "-m", message, task.args.get("ref", "HEAD"))
    return tag


@handles("changelog")
def do_changelog(task: Task, ctx: WorkerContext) -> str:
    git = GitRunner(ctx)
    repo = ctx.repo_path(task.repo)
    since = task.args.get("since")
    rng = f"{since}..HEAD" if since else "HEAD"
    out = git(repo, "log", "--no-merges", "--pretty=format:- %s (%h)", rng)
    target = repo / "CHANGELOG.next.md"
    if not ctx.dry_run:
        target.write_text(f"## Unreleased ({dt.date.today()})\n\n{out}\n")
    return str(target)


class Spool:
    def __init__(self, root: Path):
        self.root = root
        for sub in ("incoming", "active", "done", "failed"):
            (root / sub).mkdir(parents=True, exist_ok=True)

    def pending(self) -> Iterator[Path]:
        yield from sorted((self.root / "incoming").glob("*.task"))

    @contextlib.contextmanager
    def claim(self, path: Path) -> Iterator[Optional[Task]]:
        active = self.root / "active" / path.name
        try:
            path.rename(active)
        except FileNotFoundError:
            yield None  # another worker got it
            return
        with active.open("rb") as fh:
            task: Task = pickle.load(fh)
        try:
            yield task
        except Exception:
            task.attempts += 1
            dest = self.root / "failed" / path.name
            with dest.open("wb") as fh:
                pickle.dump(task, fh)
            active.unlink()
            raise
        else:
            active.rename(self.root / "done" / path.name)


class Worker:
    def __init__(self, spool: Spool, ctx: WorkerContext, poll: float):
        self.spool = spool
        self.ctx = ctx
        self.poll = poll
        self.running = True
        self.listeners: List[Callable[[Task, Any, Optional[BaseException]], None]] = []

    def subscribe(self, fn):
        self.listeners.append(fn)
        return fn

    def stop(self, *_sig) -> None:
        LOG.info("stopping after current task")
        self.running = False

    def process(self, path: Path) -> None:
        try:
            with self.spool.claim(path) as task:
                if task is None:
                    return
                handler = HANDLERS.get(task.kind)
                if handler is None:
                    raise LookupError(f"no handler for {task.kind}")
                result = handler(task, self.ctx)
                for fn in self.listeners:
                    fn(task, result, None)
        except Exception as exc:
            LOG.error("task %s failed: %s", path.name, exc)

    def loop(self, once: bool = False) -> None:
        while self.running:
            batch = list(self.spool.pending())
            for path in batch:
                if not self.running:
                    break
                self.process(path)
            if once:
                return
            time.sleep(self.poll)


def main() -> int:
    ap = argparse.ArgumentParser(description="process release chores from the spool")
    ap.add_argument("--spool", type=Path, default=Path("spool"))
    ap.add_argument("--workspace", type=Path, default=Path("repos"))
    ap.add_argument("--poll", type=float, default=5.0)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")

    ctx = WorkerContext(workspace=args.workspace, dry_run=args.dry_run)
    worker = Worker(Spool(args.spool), ctx, args.poll)
    signal.signal(signal.SIGTERM, worker.stop)
    signal.signal(signal.SIGINT, worker.stop)

    @worker.subscribe
    def log_result(task: Task, result: Any, error: Optional[BaseException]) -> None:
        LOG.info("%s on %s -> %s", task.kind, task.repo, result if result else "ok")

    worker.loop(once=args.once)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
