#!/usr/bin/env python3
"""Bump the project version in every file listed in .bumpversion.yml,
then commit and tag the change.

    version_bumper.py minor            # 1.4.2 -> 1.5.0
    version_bumper.py patch --no-tag
    version_bumper.py --set 2.0.0-rc.1

.bumpversion.yml:
    current_version: 1.4.2
    files:
      - path: pyproject.toml
        search: 'version = "{version}"'
      - path: src/app/__init__.py
        search: '__version__ = "{version}"'
    tag_format: "v{version}"
    commit_message: "chore(release): bump version {old} -> {new}"
"""
import argparse
import logging
import re
import subprocess
import sys
from pathlib import Path

import yaml

LOG = logging.getLogger("bump")
CONFIG = Path(".bumpversion.yml")
SEMVER = re.compile(r"^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$")


class BumpError(Exception):
    pass


def load_config(path):
    with path.open() as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(cfg, dict) or "current_version" not in cfg:
        raise BumpError(f"{path} must define current_version")
    cfg.setdefault("files", [])
    cfg.setdefault("tag_format", "v{version}")
    cfg.setdefault("commit_message", "Bump version: {old} -> {new}")
    return cfg


def next_version(current, part):
    m = SEMVER.match(str(current))
    if not m:
        raise BumpError(f"not a semantic version: {current}")
    major, minor, patch = (int(x) for x in m.group(1, 2, 3))
    if part == "major":
        return f"{major + 1}.0.0"
    if part == "minor":
        return f"{major}.{minor + 1}.0"
    if part == "patch":
        return f"{major}.{minor}.{patch + (0 if m.group(4) else 1)}"
    raise BumpError(f"unknown part {part}")


def git(*args, capture=False):
    LOG.debug("git %s", " ".join(args))
    result = subprocess.run(["git", *args], check=True, text=True,
                            stdout=subprocess.PIPE if capture else None)
    return result.stdout.strip() if capture else ""


def ensure_clean_tree():
    dirty = git("status", "--porcelain", "--untracked-files=no", capture=True)
    if dirty:
        raise BumpError("working tree has uncommitted changes:\n" + dirty)


def rewrite_files(cfg, old, new, dry_run):
    touched = []
    for entry in cfg["files"]:
        path = Path(entry["path"])
        template = entry.get("search", "{version}")
        before = template.format(version=old)
        after = template.format(version=new)
        text = path.read_text(encoding="utf-8")
        if before not in text:
            raise BumpError(f"{path}: did not find {before!r}")
        if dry_run:
            LOG.info("[dry-run] %s: %s -> %s", path, before, after)
        else:
            path.write_text(text.replace(before, after, 1), encoding="utf-8")
        touched.append(str(path))
    return touched


def save_config(cfg, new, dry_run):
    text = CONFIG.read_text()
    updated = re.sub(r"^(current_version:\s*).*$", rf"\g<1>{new}", text, count=1, flags=re.M)
    if not dry_run:
        CONFIG.write_text(updated)


def main(argv=None):
    ap = argparse.ArgumentParser(description="bump project version")
    ap.add_argument("part", nargs="?", choices=("major", "minor", "patch"))
    ap.add_argument("--set", dest="explicit", help="set an explicit version")
    ap.add_argument("--no-commit", action="store_true")
    ap.add_argument("--no-tag", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s")

    if not args.part and not args.explicit:
        ap.error("give a part to bump or --set VERSION")

    try:
        cfg = load_config(CONFIG)
        old = str(cfg["current_version"])
        new = args.explicit or next_version(old, args.part)
        if not SEMVER.match(new):
            raise BumpError(f"invalid target version {new}")
        if not args.dry_run and not args.no_commit:
            ensure_clean_tree()
        files = rewrite_files(cfg, old, new, args.dry_run)
        save_config(cfg, new, args.dry_run)
        if args.dry_run or args.no_commit:
            LOG.info("version %s -> %s (not committed)", old, new)
            return 0
        git("add", str(CONFIG), *files)
        git("commit", "-m", cfg["commit_message"].format(old=old, new=new))
        if not args.no_tag:
            tag = cfg["tag_format"].format(version=new)
            git("tag", "-a", tag, "-m", f"Release {new}")
            LOG.info("tagged %s", tag)
    except (BumpError, OSError, KeyError) as exc:
        LOG.error("bump failed: %s", exc)
        return 1
    except subprocess.CalledProcessError as exc:
        LOG.error("git failed (%s)", exc)
        return 1
    LOG.info("bumped %s -> %s", old, new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
