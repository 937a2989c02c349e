#!/usr/bin/env python3
"""Apply resource limits and library paths for the appsvc service account.

Writes two drop-in files:
  /etc/security/limits.d/90-appsvc.conf   open files / processes for appsvc
  /etc/ld.so.conf.d/appsvc.conf           the vendored library directory
Each file is written atomically (temp file + os.replace), owned by root
and mode 0644. Existing files are backed up next to the original.
"""

import argparse
import os
import pwd
import sys
import time
from pathlib import Path

SERVICE_USER = "appsvc"
LIB_DIR = "/opt/appsvc/lib"
LIMITS_FILE = Path("/etc/security/limits.d/90-appsvc.conf")
LDCONF_FILE = Path("/etc/ld.so.conf.d/appsvc.conf")


def render_limits(user, nofile, nproc):
    lines = [
        "# managed by service_limits_tuner.py - do not edit by hand",
        f"{user}    soft    nofile    {nofile}",
        f"{user}    hard    nofile    {nofile}",
        f"{user}    soft    nproc     {nproc}",
        f"{user}    hard    nproc     {nproc}",
    ]
    return "\n".join(lines) + "\n"


def render_ldconf(lib_dir):
    return f"# managed by service_limits_tuner.py\n{lib_dir}\n"


def backup(target):
    if target.exists():
        stamp = time.strftime("%Y%m%d%H%M%S")
        saved = target.with_name(f".{target.name}.{stamp}.bak")
        saved.write_bytes(target.read_bytes())
        return saved
    return None


def atomic_write(target, content, dry_run):
    if target.exists() and target.read_text() == content:
        print(f"unchanged: {target}")
        return False
    print(f"writing:   {target}")
    if dry_run:
        print(content, end="")
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    saved = backup(target)
    if saved:
        print(f"  backup at {saved}")
    tmp = target.with_name(f".{target.name}.tmp")
    tmp.write_text(content)
    os.chown(tmp, 0, 0)
    os.chmod(tmp, 0o644)
    os.replace(tmp, target)
    return True


def validate(user, lib_dir, nofile, nproc):
    errors = []
    try:
        pwd.getpwnam(user)
    except KeyError:
        errors.append(f"user {user!r} does not exist")
    if not os.path.isdir(lib_dir):
        errors.append(f"library directory {lib_dir} not found")
    if not 1024 <= nofile <= 1048576:
        errors.append("nofile must be between 1024 and 1048576")
    if not 256 <= nproc <= 65536:
        errors.append("nproc must be between 256 and 65536")
    return errors


def main(argv=None):
    parser = argparse.ArgumentParser(description="tune limits for appsvc")
    parser.add_argument("--user", default=SERVICE_USER)
    parser.add_argument("--lib-dir", default=LIB_DIR)
    parser.add_argument("--nofile", type=int, default=65536)
    parser.add_argument("--nproc", type=int, default=4096)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)

    problems = validate(args.user, args.lib_dir, args.nofile, args.nproc)
    if problems:
        for p in problems:
            print(f"error: {p}", file=sys.stderr)
        return 2
    if os.geteuid() != 0 and not args.dry_run:
        print("must run as root to write under /etc", file=sys.stderr)
        return 1

    changed = atomic_write(LIMITS_FILE, render_limits(args.user, args.nofile, args.nproc),
                           args.dry_run)
    ld_changed = atomic_write(LDCONF_FILE, render_ldconf(args.lib_dir), args.dry_run)
    if ld_changed:
        print("library path changed: run ldconfig to refresh the cache")
    if changed:
        print(f"new limits apply to the next login session of {args.user}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
