#!/usr/bin/env python3
"""Make "Attach to Process" work in VS Code / CLion / gdb on Ubuntu.

On distributions with the Yama LSM, attaching a debugger to a process that
is not its child fails with "ptrace: Operation not permitted" while
kernel.yama.ptrace_scope is 1. This helper reports the current state,
checks the debuggers you have installed and relaxes the setting for the
running session (use --persist to keep it after reboot).
"""
from __future__ import annotations

import argparse
import logging
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("attach-setup")

SCOPE_PATH = Path("/proc/sys/kernel/yama/ptrace_scope")
PERSIST_PATH = Path("/etc/sysctl.d/10-ptrace.conf")
DEBUGGERS = ("gdb", "lldb", "dlv", "py-spy", "rr")
SCOPE_MEANING = {
    0: "classic: any process of the same user can be traced",
    1: "restricted: only descendants can be traced",
    2: "admin-only: tracing requires CAP_SYS_PTRACE",
    3: "disabled: no tracing at all until reboot",
}


def read_scope() -> int | None:
    try:
        return int(SCOPE_PATH.read_text().strip())
    except FileNotFoundError:
        return None


class Elevator:
    """Runs a small shell snippet as root with whatever the machine offers."""

    candidates = ("sudo", "doas", "pkexec")

    def __init__(self) -> None:
        self.tool = None if os.geteuid() == 0 else next(
            (t for t in self.candidates if shutil.which(t)), None)

    def write(self, path: Path, content: str) -> None:
        if os.geteuid() == 0:
            path.write_text(content)
            return
        if self.tool is None:
            raise PermissionError("need root and none of sudo/doas/pkexec is available")
        snippet = f"printf %s {shlex.quote(content)} > {shlex.quote(str(path))}"
        subprocess.run([self.tool, "sh", "-c", snippet], check=True)


def report_debuggers() -> None:
    for name in DEBUGGERS:
        exe = shutil.which(name)
        print(f"  {name:8} {exe or '-'}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scope", type=int, default=0, choices=(0, 1, 2))
    ap.add_argument("--persist", action="store_true", help="also write a sysctl drop-in")
    ap.add_argument("--status", action="store_true", help="only print the current state")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="attach-setup: %(message)s")

    scope = read_scope()
    if scope is None:
        log.info("Yama is not active on this kernel; attaching should already work")
        return 0
    print(f"ptrace_scope = {scope} ({SCOPE_MEANING.get(scope, 'unknown')})")
    print("debuggers:")
    report_debuggers()
    if args.status:
        return 0
    if scope == 3:
        log.error("scope 3 cannot be lowered without a reboot")
        return 1
    if scope == args.scope and not args.persist:
        log.info("nothing to do")
        return 0

    elevator = Elevator()
    try:
        if scope != args.scope:
            elevator.write(SCOPE_PATH, f"{args.scope}\n")
            log.info("ptrace_scope is now %s", read_scope())
        if args.persist:
            elevator.write(PERSIST_PATH, f"kernel.yama.ptrace_scope = {args.scope}\n")
            log.info("persisted in %s", PERSIST_PATH)
    except (PermissionError, subprocess.CalledProcessError) as exc:
        log.error("could not change the setting: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
