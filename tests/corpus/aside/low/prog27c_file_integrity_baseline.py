#!/usr/bin/env python3
"""File-integrity checker for a project tree.

Builds a SHA-256 baseline of every file under a directory (default: the
current working directory) and, on later runs, reports files that were
added, removed or modified since the baseline was recorded.
"""
import argparse
import hashlib
import json
import os
import sys
import time

BASELINE_NAME = ".integrity-baseline.json"
SKIP_DIRS = {".git", "__pycache__", ".venv", "node_modules"}


def sha256_of(path, chunk=65536):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while True:
            block = handle.read(chunk)
            if not block:
                break
            digest.update(block)
    return digest.hexdigest()


def collect(root):
    entries = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            if name == BASELINE_NAME:
                continue
            full = os.path.join(dirpath, name)
            if os.path.islink(full) or not os.path.isfile(full):
                continue
            rel = os.path.relpath(full, root)
            st = os.stat(full)
            entries[rel] = {
                "sha256": sha256_of(full),
                "size": st.st_size,
                "mode": oct(st.st_mode & 0o777),
            }
    return entries


def save_baseline(path, entries):
    payload = {"created": time.strftime("%Y-%m-%dT%H:%M:%S"), "files": entries}
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(payload, handle, indent=2, sort_keys=True)
    os.chmod(path, 0o600)


def compare(old, new):
    added = sorted(set(new) - set(old))
    removed = sorted(set(old) - set(new))
    changed = []
    for rel in sorted(set(old) & set(new)):
        before, after = old[rel], new[rel]
        reasons = [k for k in ("sha256", "size", "mode") if before.get(k) != after.get(k)]
        if reasons:
            changed.append((rel, reasons))
    return added, removed, changed


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("root", nargs="?", default=".")
    parser.add_argument("--init", action="store_true", help="record a fresh baseline")
    args = parser.parse_args()

    root = os.path.abspath(args.root)
    baseline_path = os.path.join(os.getcwd(), BASELINE_NAME)
    current = collect(root)

    if args.init or not os.path.exists(baseline_path):
        save_baseline(baseline_path, current)
        print(f"baseline recorded: {len(current)} files -> {baseline_path}")
        return 0

    with open(baseline_path, encoding="utf-8") as handle:
        baseline = json.load(handle)
    added, removed, changed = compare(baseline.get("files", {}), current)

    print(f"baseline from {baseline.get('created', '?')}")
    for rel in added:
        print(f"  ADDED    {rel}")
    for rel in removed:
        print(f"  REMOVED  {rel}")
    for rel, reasons in changed:
        print(f"  CHANGED  {rel} ({', '.join(reasons)})")
    total = len(added) + len(removed) + len(changed)
    print(f"{total} difference(s) found")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
