#!/usr/bin/env python3
"""inotify-limits: fix "ENOSPC: System limit for number of file watchers reached".

VS Code, JetBrains IDEs, webpack/vite and jest --watch all need one inotify
watch per directory. This tool counts what your workspace needs, compares it
with the kernel limits and raises them (now and across reboots).

    inotify_limits.py [WORKSPACE ...] [--headroom 2.0] [--check]
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("inotify-limits")

PROC = Path("/proc/sys/fs/inotify")
KEYS = ("max_user_watches", "max_user_instances", "max_queued_events")
DROPIN = Path("/etc/sysctl.d/60-ide-file-watchers.conf")
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


class KernelTuner:
    def __init__(self):
        self.root = os.geteuid() == 0

    def _write(self, path, text):
        if self.root:
            Path(path).write_text(text)
        else:
            subprocess.run(["sudo", "tee", str(path)], input=text.encode(),
                           stdout=subprocess.DEVNULL, check=True)

    def apply_now(self, limits):
        for key, value in limits.items():
            self._write(PROC / key, f"{value}\n")
            log.info("fs.inotify.%s = %d", key, value)

    def persist(self, limits):
        body = "# written by inotify_limits.py for IDE / dev-server file watching\n"
        body += "".join(f"fs.inotify.{k} = {v}\n" for k, v in limits.items())
        self._write(DROPIN, body)
        log.info("persisted to %s", DROPIN)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("workspaces", nargs="*", default=[str(Path.home() / "src")])
    ap.add_argument("--headroom", type=float, default=2.0)
    ap.add_argument("--check", action="store_true", help="only report, change nothing")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    current = read_limits()
    if current["max_user_watches"] is None:
        log.error("cannot read %s (not Linux?)", PROC)
        return 1

    needed = sum(count_dirs(w) for w in args.workspaces if Path(w).is_dir())
    in_use = watches_in_use()
    log.info("workspace directories: %d, watches in use: %d, limit: %d",
             needed, in_use, current["max_user_watches"])

    target = wanted_limits(needed + in_use, args.headroom)
    changes = {k: v for k, v in target.items() if (current.get(k) or 0) < v}
    if not changes:
        log.info("limits are already sufficient")
        return 0
    if args.check:
        for k, v in changes.items():
            print(f"fs.inotify.{k}: {current[k]} -> {v}")
        return 0

    tuner = KernelTuner()
    try:
        tuner.apply_now(changes)
        tuner.persist({**{k: current[k] for k in KEYS if current[k]}, **changes})
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("could not raise limits: %s", exc)
        return 1
    print("Limits raised; restart your editor's file watcher.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
