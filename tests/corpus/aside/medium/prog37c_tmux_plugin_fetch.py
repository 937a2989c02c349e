#!/usr/bin/env python3
"""Fetch the tmux plugins declared in a tmux.conf into a vendored directory.

Scans the given tmux.conf for TPM style declarations

    set -g @plugin 'tmux-plugins/tmux-resurrect'
    set -g @plugin 'https://example.org/releases/tmux-cpu-2.1.tar.gz'

and materialises them below ``./vendor/tmux-plugins`` so that the dotfiles
repo can ship them without network access at install time.  Git sources are
cloned shallowly; tarball sources are downloaded and unpacked.  Plugins are
never sourced or run by this tool.
"""

import argparse
import io
import logging
import re
import shutil
import subprocess
import sys
import tarfile
import urllib.request
from dataclasses import dataclass
from pathlib import Path

PLUGIN_RE = re.compile(r"""^\s*set(?:-option)?\s+-g\s+@plugin\s+['"]([^'"]+)['"]""")
log = logging.getLogger("tmux-vendor")


@dataclass
class Plugin:
    source: str

    @property
    def is_tarball(self):
        return self.source.endswith((".tar.gz", ".tgz", ".tar.xz"))

    @property
    def name(self):
        tail = self.source.rstrip("/").rsplit("/", 1)[-1]
        for suffix in (".tar.gz", ".tgz", ".tar.xz", ".git"):
            if tail.endswith(suffix):
                tail = tail[: -len(suffix)]
        return tail

    @property
    def git_url(self):
        if "://" in self.source or self.source.startswith("git@"):
            return self.source
        return f"https://github.com/{self.source}.git"


def read_plugins(conf_path):
    plugins = []
    with open(conf_path, encoding="utf-8") as fh:
        for line in fh:
            m = PLUGIN_RE.match(line)
            if m and m.group(1) != "tmux-plugins/tpm":
                plugins.append(Plugin(m.group(1)))
    return plugins


def git(*args, cwd=None):
    log.debug("git %s", " ".join(args))
    proc = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"git {args[0]} failed")
    return proc.stdout.strip()


def fetch_git(plugin, dest, branch=None):
    if (dest / ".git").is_dir():
        git("fetch", "--depth", "1", "origin", cwd=dest)
        git("reset", "--hard", "FETCH_HEAD", cwd=dest)
    else:
        cmd = ["clone", "--depth", "1", "--single-branch"]
        if branch:
            cmd += ["--branch", branch]
        git(*cmd, plugin.git_url, str(dest))
    return git("rev-parse", "--short", "HEAD", cwd=dest)


def fetch_tarball(plugin, dest, timeout):
    with urllib.request.urlopen(plugin.source, timeout=timeout) as resp:
        blob = resp.read()
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:*") as tar:
        tar.extractall(dest)
    # most release tarballs wrap everything in a single top-level folder
    children = list(dest.iterdir())
    if len(children) == 1 and children[0].is_dir():
        inner = children[0]
        for item in inner.iterdir():
            item.rename(dest / item.name)
        inner.rmdir()
    return f"{len(blob)} bytes"


def prune(vendor, keep):
    for child in vendor.iterdir():
        if child.is_dir() and child.name not in keep:
            log.info("removing stale plugin %s", child.name)
            shutil.rmtree(child)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("conf", nargs="?", default="tmux/tmux.conf")
    ap.add_argument("--vendor", default="vendor/tmux-plugins")
    ap.add_argument("--branch", help="branch to use for git plugins")
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--prune", action="store_true", help="delete undeclared plugins")
    ap.add_argument("-v", "--verbose", action="count", default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose > 1 else logging.INFO,
                        format="%(message)s")

    if shutil.which("git") is None:
        log.error("git is required")
        return 2

    vendor = Path(args.vendor)
    vendor.mkdir(parents=True, exist_ok=True)
    plugins = read_plugins(args.conf)
    if not plugins:
        log.warning("no @plugin lines in %s", args.conf)
        return 0

    errors = 0
    for plugin in plugins:
        dest = vendor / plugin.name
        try:
            if plugin.is_tarball:
                info = fetch_tarball(plugin, dest, args.timeout)
            else:
                info = fetch_git(plugin, dest, args.branch)
            log.info("ok   %-28s %s", plugin.name, info)
        except Exception as exc:  # keep going, report at the end
            errors += 1
            log.error("FAIL %-28s %s", plugin.name, exc)

    if args.prune:
        prune(vendor, {p.name for p in plugins})
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
