#!/usr/bin/env python3
"""Prepare a developer workstation to build the ``fastgeo`` C extension.

1. Check which system headers and tools are missing (pkg-config, compiler,
   libgeos, libproj, python3-dev).
2. Install the missing Debian/Ubuntu packages through pkexec so a graphical
   polkit prompt is shown instead of asking for a password in the terminal.
3. Build the extension in place in the project directory.
"""
import argparse
import logging
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

log = logging.getLogger("bootstrap")

REQUIRED = {
    # check name -> (how to check, apt package)
    "cc": ("tool", "build-essential"),
    "pkg-config": ("tool", "pkg-config"),
    "geos": ("pkg", "libgeos-dev"),
    "proj": ("pkg", "libproj-dev"),
    "python-headers": ("header", "python3-dev"),
}


def read_os_release():
    info = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as handle:
            for line in handle:
                key, _, value = line.strip().partition("=")
                if key:
                    info[key] = value.strip('"')
    except FileNotFoundError:
        pass
    return info


def have(check, kind):
    if kind == "tool":
        return shutil.which(check) is not None
    if kind == "pkg":
        if not shutil.which("pkg-config"):
            return False
        return subprocess.run(["pkg-config", "--exists", check]).returncode == 0
    if kind == "header":
        include = sysconfig.get_paths().get("include", "")
        return Path(include, "Python.h").exists()
    raise ValueError(kind)


def missing_packages():
    missing = []
    for check, (kind, package) in REQUIRED.items():
        if have(check, kind):
            log.info("%-15s ok", check)
        else:
            log.info("%-15s missing -> %s", check, package)
            missing.append(package)
    return sorted(set(missing))


def install_packages(packages, assume_yes):
    elevate = shutil.which("pkexec")
    if elevate is None:
        raise SystemExit("pkexec not found; install policykit-1 or install these by hand: "
                         + " ".join(packages))
    subprocess.run([elevate, "apt-get", "update"], check=True)
    cmd = [elevate, "apt-get", "install", "--no-install-recommends"]
    if assume_yes:
        cmd.append("-y")
    cmd.extend(packages)
    log.info("running %s", " ".join(cmd))
    subprocess.run(cmd, check=True)


def build_in_place(project):
    log.info("building extension in %s", project)
    subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"],
                   cwd=project, check=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--project", default=".", type=Path)
    ap.add_argument("-y", "--yes", action="store_true", help="do not ask apt to confirm")
    ap.add_argument("--check-only", action="store_true")
    ap.add_argument("--skip-build", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    osr = read_os_release()
    family = " ".join([osr.get("ID", ""), osr.get("ID_LIKE", "")])
    if "debian" not in family and "ubuntu" not in family:
        log.error("only Debian-family systems are supported (found %s)", osr.get("ID", "?"))
        return 2

    packages = missing_packages()
    if packages and args.check_only:
        print("missing:", " ".join(packages))
        return 1
    if packages:
        install_packages(packages, args.yes)
    if not args.skip_build:
        if not (args.project / "setup.py").exists():
            log.error("no setup.py in %s", args.project)
            return 2
        build_in_place(args.project)
    log.info("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
