#!/usr/bin/env python3
"""Cuts a release: checks the tree is clean, runs the tests, tags and builds
the sdist and wheel, all through plumbum commands."""
import argparse
import logging
import re
import sys

from plumbum import local, FG, ProcessExecutionError

log = logging.getLogger("release")
git = local["git"]
python = local["python3"]

VERSION_RE = re.compile(r"^\d+\.\d+\.\d+$")


def clean_tree():
    status = git["status", "--porcelain"]()
    return status.strip() == ""


def run_tests():
    try:
        python["-m", "pytest", "-q"] & FG
        return True
    except ProcessExecutionError as exc:
        log.error("tests failed: %s", exc)
        return False


def tag(version, push):
    git["tag", "-a", "v" + version, "-m", "release " + version]()
    if push:
        git["push", "origin", "v" + version]()


def build():
    python["-m", "build", "--sdist", "--wheel"]()
    dist = local.path("dist")
    return sorted(p.name for p in dist.list())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("version")
    parser.add_argument("--push", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    if not VERSION_RE.match(args.version):
        parser.error("version must look like 1.2.3")
    if not clean_tree():
        log.error("the working tree has changes")
        return 1
    if not run_tests():
        return 1
    tag(args.version, args.push)
    for name in build():
        log.info("built %s", name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
