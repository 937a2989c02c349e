#!/usr/bin/env python3
"""Install the project's command-line tools system-wide.

Copies the built executables from ./dist/bin into /usr/local/bin and the
manual pages from ./dist/man into /usr/local/share/man/man1, so every user
on the machine can run them. Must be run as root. Supports --uninstall.
"""

import argparse
import hashlib
import json
import os
import shutil
import stat
import sys

DIST_BIN = os.path.join("dist", "bin")
DIST_MAN = os.path.join("dist", "man")
PREFIX_BIN = "/usr/local/bin"
PREFIX_MAN = "/usr/local/share/man/man1"
RECEIPT = os.path.join("dist", "install-receipt.json")


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            digest.update(chunk)
    return digest.hexdigest()


def discover(src_dir, suffix=None):
    if not os.path.isdir(src_dir):
        return []
    found = []
    for name in sorted(os.listdir(src_dir)):
        path = os.path.join(src_dir, name)
        if os.path.isfile(path) and (suffix is None or name.endswith(suffix)):
            found.append(path)
    return found


def install_file(src, dest_dir, mode, dry_run):
    dest = os.path.join(dest_dir, os.path.basename(src))
    if os.path.exists(dest) and sha256(dest) == sha256(src):
        print(f"  unchanged {dest}")
        return dest
    print(f"  install   {src} -> {dest} ({oct(mode)})")
    if dry_run:
        return dest
    os.makedirs(dest_dir, exist_ok=True)
    staging = dest + ".new"
    shutil.copy2(src, staging)
    os.chmod(staging, mode)
    os.chown(staging, 0, 0)
    os.replace(staging, dest)
    return dest


def install(dry_run):
    binaries = [p for p in discover(DIST_BIN) if os.stat(p).st_mode & stat.S_IXUSR]
    manpages = discover(DIST_MAN, ".1")
    if not binaries:
        print("nothing to install: build first (make dist)", file=sys.stderr)
        return 1
    installed = []
    print(f"installing {len(binaries)} program(s) into {PREFIX_BIN}")
    for path in binaries:
        installed.append(install_file(path, PREFIX_BIN, 0o755, dry_run))
    print(f"installing {len(manpages)} manual page(s) into {PREFIX_MAN}")
    for path in manpages:
        installed.append(install_file(path, PREFIX_MAN, 0o644, dry_run))
    if not dry_run:
        with open(RECEIPT, "w", encoding="utf-8") as fh:
            json.dump({"files": installed}, fh, indent=2)
    return 0


def uninstall(dry_run):
    try:
        with open(RECEIPT, encoding="utf-8") as fh:
            files = json.load(fh)["files"]
    except (OSError, KeyError, ValueError):
        print("no install receipt found", file=sys.stderr)
        return 1
    for path in files:
        if not path.startswith((PREFIX_BIN + "/", PREFIX_MAN + "/")):
            print(f"  skipping unexpected path {path}")
            continue
        print(f"  remove    {path}")
        if not dry_run and os.path.exists(path):
            os.unlink(path)
    if not dry_run:
        os.unlink(RECEIPT)
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uninstall", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)

    if os.geteuid() != 0 and not args.dry_run:
        print("run as root (or use --dry-run)", file=sys.stderr)
        return 1
    return uninstall(args.dry_run) if args.uninstall else install(args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
