#!/usr/bin/env python3
"""Apply kernel and limits tuning recommended for high-peer-count full nodes.

Writes /etc/sysctl.d/60-fullnode.conf and /etc/security/limits.d/60-fullnode.conf,
then reloads sysctl. Run as root (or it re-executes itself under sudo).
"""
import argparse
import difflib
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("node-tuning")

SYSCTL_FILE = Path("/etc/sysctl.d/60-fullnode.conf")
LIMITS_FILE = Path("/etc/security/limits.d/60-fullnode.conf")

PROFILES = {
    "standard": {
        "net.core.rmem_max": 16777216,
        "net.core.wmem_max": 16777216,
        "net.core.somaxconn": 4096,
        "net.ipv4.tcp_fastopen": 3,
        "vm.swappiness": 10,
        "fs.file-max": 2097152,
    },
    "archive": {
        "net.core.rmem_max": 33554432,
        "net.core.wmem_max": 33554432,
        "net.core.somaxconn": 8192,
        "net.ipv4.tcp_fastopen": 3,
        "vm.swappiness": 1,
        "vm.dirty_background_ratio": 5,
        "fs.file-max": 4194304,
    },
}


def render_sysctl(profile: str) -> str:
    lines = [f"# managed by {Path(__file__).name} (profile={profile})"]
    lines += [f"{k} = {v}" for k, v in sorted(PROFILES[profile].items())]
    return "\n".join(lines) + "\n"


def render_limits(user: str, nofile: int) -> str:
    return (f"# managed by {Path(__file__).name}\n"
            f"{user} soft nofile {nofile}\n{user} hard nofile {nofile}\n")


def write_if_changed(path: Path, content: str, dry_run: bool) -> bool:
    old = path.read_text() if path.exists() else ""
    if old == content:
        log.info("%s unchanged", path)
        return False
    for line in difflib.unified_diff(old.splitlines(), content.splitlines(),
                                     str(path), str(path), lineterm=""):
        log.info(line)
    if not dry_run:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".new")
        tmp.write_text(content)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    return True


def ensure_root():
    if os.geteuid() != 0:
        log.info("re-executing with sudo")
        os.execvp("sudo", ["sudo", sys.executable, *sys.argv])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", choices=sorted(PROFILES), default="standard")
    ap.add_argument("--user", default="ethereum")
    ap.add_argument("--nofile", type=int, default=1048576)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.dry_run:
        ensure_root()
    changed = write_if_changed(SYSCTL_FILE, render_sysctl(args.profile), args.dry_run)
    write_if_changed(LIMITS_FILE, render_limits(args.user, args.nofile), args.dry_run)
    if changed and not args.dry_run:
        res = subprocess.run(["sysctl", "-p", str(SYSCTL_FILE)],
                             capture_output=True, text=True)
        if res.returncode != 0:
            log.error("sysctl reload failed: %s", res.stderr.strip())
            return 1
        log.info(res.stdout.strip())
    log.info("limits take effect on next login of %s", args.user)
    return 0


if __name__ == "__main__":
    sys.exit(main())
