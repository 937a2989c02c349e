#!/usr/bin/env python3
"""Summarise the state of many git checkouts in parallel.

For every repository found under the given roots, a task runs a few git
commands through asyncio.create_subprocess_exec (current branch, dirty
files, commits ahead/behind upstream) and the results are printed as a
table or emitted as JSON.
"""
import argparse
import asyncio
import json
import logging
import os
from dataclasses import dataclass, asdict
from pathlib import Path
from typing import List, Optional, Tuple

log = logging.getLogger("repo-scan")
GIT = os.environ.get("GIT_BINARY", "git")


@dataclass
class RepoState:
    path: str
    branch: str = "?"
    dirty: int = 0
    ahead: int = 0
    behind: int = 0
    last_commit: str = ""
    error: Optional[str] = None


async def git(repo: Path, *args: str, timeout: float = 20.0) -> Tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        GIT, "-C", str(repo), *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "GIT_TERMINAL_PROMPT": "0"},
    )
    try:
        out, err = await asyncio.wait_for(proc.communicate(), timeout=timeout)
    except asyncio.TimeoutError:
        proc.kill()
        await proc.wait()
        return 124, "", "timeout"
    return proc.returncode, out.decode(errors="replace").strip(), err.decode(errors="replace").strip()


async def inspect(repo: Path, fetch: bool, sem: asyncio.Semaphore) -> RepoState:
    state = RepoState(path=str(repo))
    async with sem:
        if fetch:
            rc, _, err = await git(repo, "fetch", "--quiet", "--prune", timeout=60)
            if rc != 0:
                log.debug("fetch failed in %s: %s", repo, err)
        rc, out, err = await git(repo, "rev-parse", "--abbrev-ref", "HEAD")
        if rc != 0:
            state.error = err or f"git exited {rc}"
            return state
        state.branch = out
        _, porcelain, _ = await git(repo, "status", "--porcelain")
        state.dirty = len([l for l in porcelain.splitlines() if l.strip()])
        rc, counts, _ = await git(repo, "rev-list", "--left-right", "--count", "HEAD...@{upstream}")
        if rc == 0 and counts:
            ahead, behind = counts.split()
            state.ahead, state.behind = int(ahead), int(behind)
        _, state.last_commit, _ = await git(repo, "log", "-1", "--format=%h %cr %s")
    return state


def discover(roots: List[Path], max_depth: int) -> List[Path]:
    found = []
    for root in roots:
        root = root.expanduser().resolve()
        base_depth = len(root.parts)
        for dirpath, dirnames, _ in os.walk(root):
            if ".git" in dirnames:
                found.append(Path(dirpath))
                dirnames[:] = []
                continue
            if len(Path(dirpath).parts) - base_depth >= max_depth:
                dirnames[:] = []
            dirnames[:] = [d for d in dirnames if not d.startswith(".") and d != "node_modules"]
    return sorted(found)


def print_table(states: List[RepoState]) -> None:
    width = max((len(s.path) for s in states), default=10)
    print(f"{'repository':<{width}}  {'branch':<20} dirty  +/-      last commit")
    for s in states:
        if s.error:
            print(f"{s.path:<{width}}  ERROR: {s.error}")
            continue
        print(f"{s.path:<{width}}  {s.branch:<20} {s.dirty:>5}  +{s.ahead}/-{s.behind:<4} {s.last_commit}")


async def main_async(args) -> List[RepoState]:
    repos = discover(args.roots, args.depth)
    log.info("found %d repositories", len(repos))
    sem = asyncio.Semaphore(args.jobs)
    tasks = [asyncio.create_task(inspect(r, args.fetch, sem), name=str(r)) for r in repos]
    return list(await asyncio.gather(*tasks))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", type=Path, default=[Path("~/src")])
    ap.add_argument("-j", "--jobs", type=int, default=8)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--fetch", action="store_true", help="git fetch before comparing with upstream")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    states = asyncio.run(main_async(args))
    if args.json:
        print(json.dumps([asdict(s) for s in states], indent=2))
    else:
        print_table(states)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
