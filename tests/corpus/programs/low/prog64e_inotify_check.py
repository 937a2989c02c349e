#!/usr/bin/env python3
"""inotify-check: diagnose "ENOSPC: System limit for number of file watchers reached".

VS Code, JetBrains IDEs, webpack/vite and jest --watch all need one inotify
watch per directory. This tool counts what your workspace needs, compares it
with the kernel limits and writes a suggested sysctl drop-in next to you
(./60-ide-file-watchers.conf) for your admin or config management to roll out.

    inotify_check.py [WORKSPACE ...] [--headroom 2.0] [--json]
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("inotify-check")

PROC = Path("/proc/sys/fs/inotify")
KEYS = ("max_user_watches", "max_user_instances", "max_queued_events")
SUGGESTION = Path("60-ide-file-watchers.conf")
SKIP = {".git", "node_modules", ".venv", "__pycache__", "target", "dist", "build"}


def read_limits():
    out = {}
    for key in KEYS:
        try:
            out[key] = int((PROC / key).read_text().strip())
        except (OSError, ValueError):
            out[key] = None
    return out


def count_dirs(root, skip_vendored=False):
    n = 0
    for dirpath, dirnames, _ in os.walk(root):
        if skip_vendored:
            dirnames[:] = [d for d in dirnames if d not in SKIP]
        n += 1
    return n


def watches_in_use():
    """Sum inotify watches held by this user's processes via /proc/*/fdinfo."""
    total, uid = 0, os.getuid()
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if os.stat(f"/proc/{pid}").st_uid != uid:
                continue
            for fd in os.listdir(f"/proc/{pid}/fdinfo"):
                with open(f"/proc/{pid}/fdinfo/{fd}") as fh:
                    total += sum(1 for line in fh if line.startswith("inotify wd:"))
        except OSError:
            continue
    return total


def wanted_limits(needed, headroom):
    watches = max(524288, int(needed * headroom))
    return {"max_user_watches": watches, "max_user_instances": 1024,
            "max_queued_events": 32768}


def write_suggestion(limits):
    body = "# suggested by inotify_check.py for IDE / dev-server file watching\n"
    body += "".join(f"fs.inotify.{k} = {v}\n" for k, v in limits.items())
    SUGGESTION.write_text(body)
    return SUGGESTION


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("workspaces", nargs="*", default=["."])
    ap.add_argument("--headroom", type=float, default=2.0)
    ap.add_argument("--json", action="store_true", help="machine-readable report on stdout")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    current = read_limits()
    if current["max_user_watches"] is None:
        log.error("cannot read %s (not Linux?)", PROC)
        return 1

    per_ws = {w: count_dirs(w) for w in args.workspaces if Path(w).is_dir()}
    needed = sum(per_ws.values())
    in_use = watches_in_use()
    target = wanted_limits(needed + in_use, args.headroom)
    changes = {k: v for k, v in target.items() if (current.get(k) or 0) < v}

    if args.json:
        json.dump({"current": current, "workspaces": per_ws, "in_use": in_use,
                   "suggested": changes}, sys.stdout, indent=2)
        print()
        return 0 if not changes else 3

    for ws, n in per_ws.items():
        print(f"{ws:<40} {n:>8} directories")
    print(f"{'watches in use by your processes':<40} {in_use:>8}")
    print(f"{'current max_user_watches':<40} {current['max_user_watches']:>8}")
    if not changes:
        print("\nlimits are sufficient, nothing to do")
        return 0
    path = write_suggestion({**{k: current[k] for k in KEYS if current[k]}, **changes})
    print("\nlimits look too low:")
    for k, v in changes.items():
        print(f"  fs.inotify.{k}: {current[k]} -> {v}")
    print(f"\nsuggested drop-in written to {path}")
    return 3


if __name__ == "__main__":
    sys.exit(main())
