#!/usr/bin/env python3
"""Print mounted filesystems with usage, plus installed Python package versions.

Useful when filing a support ticket: it gathers the OS name, the mount
table (from /proc/self/mounts) with free space, and the versions of the
Python distributions the project depends on. Nothing is modified.
"""

import argparse
import os
import sys
from importlib import metadata

PSEUDO_FS = {"proc", "sysfs", "devtmpfs", "devpts", "cgroup", "cgroup2", "securityfs",
             "pstore", "bpf", "debugfs", "tracefs", "mqueue", "hugetlbfs", "configfs",
             "fusectl", "autofs", "binfmt_misc", "nsfs"}
DEFAULT_PACKAGES = ["requests", "urllib3", "certifi", "numpy", "pandas", "pip", "setuptools"]


def os_pretty_name(path="/etc/os-release"):
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "unknown"


def unescape_mount_field(value):
    # /proc/mounts escapes spaces, tabs and newlines as octal sequences
    return (value.replace("\\040", " ").replace("\\011", "\t")
                 .replace("\\012", "\n").replace("\\134", "\\"))


def read_mounts(include_pseudo=False):
    mounts = []
    with open("/proc/self/mounts", encoding="utf-8") as fh:
        for line in fh:
            parts = line.split()
            if len(parts) < 4:
                continue
            device, target, fstype, options = parts[:4]
            if fstype in PSEUDO_FS and not include_pseudo:
                continue
            mounts.append((unescape_mount_field(device), unescape_mount_field(target),
                           fstype, "ro" if "ro" in options.split(",") else "rw"))
    return mounts


def human(nbytes):
    for unit in ("B", "K", "M", "G", "T"):
        if nbytes < 1024:
            return f"{nbytes:.0f}{unit}"
        nbytes /= 1024
    return f"{nbytes:.1f}P"


def usage(target):
    try:
        st = os.statvfs(target)
    except OSError:
        return None
    total = st.f_blocks * st.f_frsize
    free = st.f_bavail * st.f_frsize
    used_pct = 0 if total == 0 else 100 * (total - free) / total
    return total, free, used_pct


def print_mounts(mounts):
    print(f"{'MOUNTPOINT':<30}{'TYPE':<10}{'MODE':<5}{'SIZE':>8}{'FREE':>8}{'USE%':>6}")
    for device, target, fstype, mode in mounts:
        info = usage(target)
        if info is None:
            print(f"{target:<30}{fstype:<10}{mode:<5}{'?':>8}{'?':>8}{'?':>6}")
            continue
        total, free, pct = info
        print(f"{target:<30}{fstype:<10}{mode:<5}{human(total):>8}{human(free):>8}{pct:>5.0f}%")


def package_versions(names):
    rows = []
    for name in names:
        try:
            rows.append((name, metadata.version(name)))
        except metadata.PackageNotFoundError:
            rows.append((name, "not installed"))
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description="mount and package report")
    parser.add_argument("packages", nargs="*", default=DEFAULT_PACKAGES)
    parser.add_argument("--pseudo", action="store_true", help="include pseudo filesystems")
    args = parser.parse_args(argv)

    print(f"OS: {os_pretty_name()}")
    print(f"Python: {sys.version.split()[0]}\n")
    try:
        print_mounts(read_mounts(args.pseudo))
    except OSError as exc:
        print(f"cannot read mount table: {exc}", file=sys.stderr)
    print("\nPACKAGE              VERSION")
    for name, version in package_versions(args.packages):
        print(f"{name:<21}{version}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
