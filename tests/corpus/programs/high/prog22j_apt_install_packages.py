#!/usr/bin/env python3
"""Install the system packages this project needs (Debian/Ubuntu).

Reads the package names from apt-packages.txt (one per line, # comments
allowed), skips the ones already installed, and installs the rest with
apt-get via sudo.
"""
import argparse
import shutil
import subprocess
import sys
from pathlib import Path


def read_packages(path):
    pkgs = []
    for line in Path(path).read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            pkgs.append(line)
    return pkgs


def is_installed(pkg):
    result = subprocess.run(["dpkg-query", "-W", "-f=${Status}", pkg],
                            capture_output=True, text=True)
    return "install ok installed" in result.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--file", default="apt-packages.txt")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    if shutil.which("apt-get") is None:
        sys.exit("apt-get not found: this script supports Debian/Ubuntu only")

    wanted = read_packages(args.file)
    missing = [p for p in wanted if not is_installed(p)]
    print(f"{len(wanted)} packages listed, {len(missing)} missing")
    if not missing:
        print("Nothing to do.")
        return

    for p in missing:
        print(f"  - {p}")
    if args.dry_run:
        return

    print("Updating package index (sudo may ask for your password)...")
    subprocess.run(["sudo", "apt-get", "update"], check=True)
    subprocess.run(["sudo", "apt-get", "install", "-y", *missing], check=True)
    print("All packages installed.")


if __name__ == "__main__":
    main()
