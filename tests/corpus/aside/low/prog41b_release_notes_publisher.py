#!/usr/bin/env python3
"""Bump the project version and publish a GitHub release with notes.

Reads VERSION and CHANGELOG.md from the working tree, computes the next
semantic version, rewrites VERSION, and creates a draft release through the
GitHub REST API using the token exported by the CI job.
"""
import argparse
import json
import logging
import os
import re
import sys
import urllib.error
import urllib.request
from pathlib import Path

API_ROOT = "https://api.github.com"
LOG = logging.getLogger("release-notes")
SEMVER = re.compile(r"^(\d+)\.(\d+)\.(\d+)$")


class VersionError(ValueError):
    pass


def bump(version: str, part: str) -> str:
    match = SEMVER.match(version.strip())
    if not match:
        raise VersionError(f"not a semantic version: {version!r}")
    major, minor, patch = (int(x) for x in match.groups())
    if part == "major":
        return f"{major + 1}.0.0"
    if part == "minor":
        return f"{major}.{minor + 1}.0"
    return f"{major}.{minor}.{patch + 1}"


def unreleased_section(changelog: Path) -> str:
    """Return the text under the '## Unreleased' heading."""
    lines, capture = [], False
    for line in changelog.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            if capture:
                break
            capture = line.strip().lower() == "## unreleased"
            continue
        if capture:
            lines.append(line)
    return "\n".join(lines).strip() or "_No notable changes._"


def create_release(repo: str, tag: str, body: str, token: str, draft: bool) -> dict:
    payload = {"tag_name": tag, "name": tag, "body": body, "draft": draft}
    req = urllib.request.Request(
        f"{API_ROOT}/repos/{repo}/releases",
        data=json.dumps(payload).encode("utf-8"),
        method="POST",
        headers={
            "Authorization": f"Bearer {token}",
            "Accept": "application/vnd.github+json",
            "Content-Type": "application/json",
            "User-Agent": "release-notes-publisher/1.4",
        },
    )
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.load(resp)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repo", default=os.environ.get("GITHUB_REPOSITORY"))
    ap.add_argument("--part", choices=("major", "minor", "patch"), default="patch")
    ap.add_argument("--publish", action="store_true", help="create a non-draft release")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    version_file = Path("VERSION")
    try:
        new_version = bump(version_file.read_text(), args.part)
    except (OSError, VersionError) as exc:
        LOG.error("cannot bump version: %s", exc)
        return 2
    notes = unreleased_section(Path("CHANGELOG.md"))
    tag = f"v{new_version}"
    LOG.info("next version %s (%d chars of notes)", tag, len(notes))

    if args.dry_run:
        print(notes)
        return 0

    token = os.environ.get("GITHUB_TOKEN")
    if not token or not args.repo:
        LOG.error("GITHUB_TOKEN and --repo are required to publish")
        return 2

    version_file.write_text(new_version + "\n")
    try:
        release = create_release(args.repo, tag, notes, token, draft=not args.publish)
    except urllib.error.HTTPError as exc:
        LOG.error("GitHub rejected the release: %s %s", exc.code, exc.reason)
        return 1
    LOG.info("release created: %s", release.get("html_url"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
