#!/usr/bin/env python3
"""Create a GitHub release from the matching CHANGELOG.md section.

Usage:
    GITHUB_TOKEN=... python tools/publish_release.py v1.8.0 --repo acme/tidewater
    python tools/publish_release.py v1.8.0 --dry-run

The token is read from $GITHUB_TOKEN and only ever sent to api.github.com.
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
CHANGELOG = Path("CHANGELOG.md")
HEADING_RE = re.compile(r"^##\s+\[?v?(?P<version>\d+\.\d+\.\d+[^\]\s]*)\]?", re.M)

log = logging.getLogger("publish_release")


class ReleaseError(Exception):
    pass


def extract_section(text, version):
    """Return the body of the '## [version]' section of a Keep-a-Changelog file."""
    version = version.lstrip("v")
    headings = list(HEADING_RE.finditer(text))
    for idx, match in enumerate(headings):
        if match.group("version") != version:
            continue
        start = match.end()
        end = headings[idx + 1].start() if idx + 1 < len(headings) else len(text)
        body = text[start:end].strip()
        if not body:
            raise ReleaseError("changelog section for %s is empty" % version)
        return body
    raise ReleaseError("no changelog entry for %s" % version)


def github_request(method, path, token, payload=None):
    url = API_ROOT + path
    data = json.dumps(payload).encode("utf-8") if payload is not None else None
    req = urllib.request.Request(url, data=data, method=method)
    req.add_header("Accept", "application/vnd.github+json")
    req.add_header("X-GitHub-Api-Version", "2022-11-28")
    req.add_header("Authorization", "Bearer " + token)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=20) as resp:
            return json.loads(resp.read().decode("utf-8") or "null")
    except urllib.error.HTTPError as exc:
        detail = exc.read().decode("utf-8", "replace")
        raise ReleaseError("GitHub API %s %s -> %d: %s" % (method, path, exc.code, detail))


def release_exists(repo, tag, token):
    try:
        github_request("GET", "/repos/%s/releases/tags/%s" % (repo, tag), token)
        return True
    except ReleaseError as exc:
        if "-> 404" in str(exc):
            return False
        raise


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tag", help="git tag to release, e.g. v1.8.0")
    ap.add_argument("--repo", default=os.environ.get("GITHUB_REPOSITORY"),
                    help="owner/name (default: $GITHUB_REPOSITORY)")
    ap.add_argument("--changelog", type=Path, default=CHANGELOG)
    ap.add_argument("--draft", action="store_true")
    ap.add_argument("--prerelease", action="store_true")
    ap.add_argument("--dry-run", action="store_true", help="print the payload and stop")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        body = extract_section(args.changelog.read_text(encoding="utf-8"), args.tag)
    except (OSError, ReleaseError) as exc:
        log.error("%s", exc)
        return 2

    payload = {
        "tag_name": args.tag,
        "name": args.tag,
        "body": body,
        "draft": args.draft,
        "prerelease": args.prerelease or bool(re.search(r"(a|b|rc)\d+$", args.tag)),
    }
    if args.dry_run:
        print(json.dumps(payload, indent=2))
        return 0

    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        log.error("GITHUB_TOKEN is not set")
        return 2
    if not args.repo:
        log.error("--repo or $GITHUB_REPOSITORY is required")
        return 2

    try:
        if release_exists(args.repo, args.tag, token):
            log.warning("release %s already exists, nothing to do", args.tag)
            return 0
        created = github_request("POST", "/repos/%s/releases" % args.repo, token, payload)
    except ReleaseError as exc:
        log.error("%s", exc)
        return 1
    log.info("created release %s: %s", args.tag, created.get("html_url"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
