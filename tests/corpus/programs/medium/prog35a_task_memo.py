#!/usr/bin/env python3
"""Minimal task runner with a decorator registry and an on-disk result cache.

Tasks are plain functions registered with ``@task``. Results are memoised in
``.taskcache/<task>-<key>.pkl`` keyed by the git revision and the task
arguments, so repeated runs on the same commit are instant.
"""
import argparse
import functools
import hashlib
import logging
import os
import pickle
import subprocess
import sys
import time

LOG = logging.getLogger("tasks")
CACHE_DIR = os.path.join(os.getcwd(), ".taskcache")
TASKS = {}


def task(name=None, cache=True):
    def register(fn):
        TASKS[name or fn.__name__.replace("_", "-")] = (fn, cache)
        return fn
    return register


def git(*args):
    out = subprocess.run(["git", *args], check=True, capture_output=True, text=True)
    return out.stdout.strip()


def revision():
    try:
        return git("rev-parse", "HEAD")
    except (OSError, subprocess.CalledProcessError):
        return "nogit-%d" % int(time.time() // 3600)


def cache_path(task_name, rev, args):
    key = hashlib.md5(repr((rev, args)).encode()).hexdigest()[:16]
    return os.path.join(CACHE_DIR, "%s-%s.pkl" % (task_name, key))


def memoised(task_name, fn, args):
    rev = revision()
    path = cache_path(task_name, rev, args)
    if os.path.exists(path):
        with open(path, "rb") as fh:
            LOG.info("cache hit for %s (%s)", task_name, os.path.basename(path))
            return pickle.load(fh)
    result = fn(*args)
    os.makedirs(CACHE_DIR, exist_ok=True)
    with open(path, "wb") as fh:
        pickle.dump(result, fh, protocol=pickle.HIGHEST_PROTOCOL)
    return result


@task()
def changed_files(base="origin/main"):
    return git("diff", "--name-only", base + "...HEAD").splitlines()


@task()
def line_counts(pattern=".py"):
    counts = {}
    for root, dirs, files in os.walk("."):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for f in files:
            if f.endswith(pattern):
                p = os.path.join(root, f)
                with open(p, "rb") as fh:
                    counts[p] = sum(1 for _ in fh)
    return counts


@task(name="authors")
def author_stats(since="90 days ago"):
    lines = git("log", "--since", since, "--format=%ae").splitlines()
    stats = {}
    for email in lines:
        stats[email] = stats.get(email, 0) + 1
    return dict(sorted(stats.items(), key=lambda kv: -kv[1]))


@task(cache=False)
def clean_cache():
    removed = 0
    if os.path.isdir(CACHE_DIR):
        for name in os.listdir(CACHE_DIR):
            if name.endswith(".pkl"):
                os.remove(os.path.join(CACHE_DIR, name))
                removed += 1
    return {"removed": removed}


def resolve(name):
    """Find a task by registry name, falling back to a module attribute."""
    if name in TASKS:
        return TASKS[name]
    fn = getattr(sys.modules[__name__], name.replace("-", "_"), None)
    if callable(fn) and fn in {f for f, _ in TASKS.values()}:
        return fn, True
    raise KeyError(name)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("task", nargs="?")
    ap.add_argument("args", nargs="*")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--list", action="store_true")
    opts = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    if opts.list or not opts.task:
        for name, (fn, cached) in sorted(TASKS.items()):
            doc = (fn.__doc__ or "").strip().splitlines()
            print("%-15s %-6s %s" % (name, "cached" if cached else "", doc[0] if doc else ""))
        return 0
    try:
        fn, cached = resolve(opts.task)
    except KeyError:
        LOG.error("unknown task %r", opts.task)
        return 2
    runner = functools.partial(memoised, opts.task, fn) if cached and not opts.no_cache \
        else (lambda a: fn(*a))
    started = time.time()
    result = runner(tuple(opts.args))
    LOG.info("%s finished in %.2fs", opts.task, time.time() - started)
    if isinstance(result, dict):
        for k, v in result.items():
            print("%s\t%s" % (k, v))
    else:
        for item in result:
            print(item)
    return 0


if __name__ == "__main__":
    sys.exit(main())
