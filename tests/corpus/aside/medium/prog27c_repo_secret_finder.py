#!/usr/bin/env python3
"""Secrets scanner for a git repository.

Lists tracked files with `git ls-files`, scans them for credential-shaped
strings and prints masked findings. Per-file results are cached (keyed by
blob id) in a pickle file so repeat scans of large repos are fast.
"""
import argparse
import os
import pickle
import re
import subprocess
import sys

CACHE_FILE = ".secretscan.cache"
PATTERNS = {
    "aws-access-key": re.compile(r"\bAKIA[0-9A-Z]{16}\b"),
    "github-token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b"),
    "slack-token": re.compile(r"\bxox[baprs]-[A-Za-z0-9-]{10,}\b"),
    "private-key": re.compile(r"-----BEGIN (?:RSA |EC |OPENSSH )?PRIVATE KEY-----"),
    "generic-secret": re.compile(r"(?i)(?:secret|passwd|password|api_key)\s*[:=]\s*['\"][^'\"]{8,}['\"]"),
}


def git(repo, *args):
    result = subprocess.run(["git", "-C", repo, *args], capture_output=True,
                            text=True, check=True)
    return result.stdout


def tracked_blobs(repo):
    out = git(repo, "ls-files", "-s")
    for line in out.splitlines():
        meta, path = line.split("\t", 1)
        _mode, blob, _stage = meta.split()
        yield path, blob


def load_cache(path):
    if not os.path.exists(path):
        return {}
    with open(path, "rb") as handle:
        return pickle.load(handle)


def save_cache(path, cache):
    with open(path, "wb") as handle:
        pickle.dump(cache, handle)


def mask(value):
    if len(value) <= 8:
        return "*" * len(value)
    return value[:4] + "*" * (len(value) - 8) + value[-4:]


def scan_file(full):
    hits = []
    try:
        with open(full, encoding="utf-8", errors="ignore") as handle:
            for number, line in enumerate(handle, 1):
                for name, pattern in PATTERNS.items():
                    for match in pattern.finditer(line):
                        hits.append((number, name, mask(match.group(0))))
    except OSError:
        pass
    return hits


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("repo", nargs="?", default=".")
    parser.add_argument("--no-cache", action="store_true")
    args = parser.parse_args()

    try:
        files = list(tracked_blobs(args.repo))
    except (subprocess.CalledProcessError, FileNotFoundError) as err:
        print(f"not a git repository or git missing: {err}", file=sys.stderr)
        return 2

    cache_path = os.path.join(args.repo, CACHE_FILE)
    cache = {} if args.no_cache else load_cache(cache_path)
    total = 0
    for path, blob in files:
        if blob in cache:
            hits = cache[blob]
        else:
            hits = scan_file(os.path.join(args.repo, path))
            cache[blob] = hits
        for number, name, shown in hits:
            total += 1
            print(f"{path}:{number}: {name}: {shown}")

    if not args.no_cache:
        save_cache(cache_path, cache)
    print(f"{total} potential secret(s) in {len(files)} tracked file(s)")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
