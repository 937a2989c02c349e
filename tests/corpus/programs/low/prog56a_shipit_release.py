#!/usr/bin/env python3
"""shipit - bump versions, draft notes and publish releases to a Gitea/GitHub-style API."""
import argparse
import json
import logging
import os
import re
import sys
from pathlib import Path

import httpx

VERSION_FILE = Path("VERSION")
CHANGELOG = Path("CHANGELOG.md")
DEFAULT_API = "https://api.github.com"
log = logging.getLogger("shipit")


def read_version():
    try:
        return VERSION_FILE.read_text().strip()
    except FileNotFoundError:
        return "0.0.0"


def cmd_bump(args):
    major, minor, patch = (int(x) for x in read_version().split("."))
    if args.part == "major":
        major, minor, patch = major + 1, 0, 0
    elif args.part == "minor":
        minor, patch = minor + 1, 0
    else:
        patch += 1
    new = f"{major}.{minor}.{patch}"
    VERSION_FILE.write_text(new + "\n")
    print(new)


def section_for(version):
    text = CHANGELOG.read_text(encoding="utf-8") if CHANGELOG.exists() else ""
    match = re.search(rf"^## \[?{re.escape(version)}\]?.*?$(.*?)(?=^## |\Z)", text, re.M | re.S)
    return match.group(1).strip() if match else "No notes."


def cmd_notes(args):
    print(section_for(args.version or read_version()))


def cmd_publish(args):
    token = os.environ.get("SHIPIT_TOKEN") or os.environ.get("GITHUB_TOKEN")
    if not token:
        log.error("set SHIPIT_TOKEN or GITHUB_TOKEN")
        return 1
    version = read_version()
    payload = {
        "tag_name": f"v{version}",
        "name": f"{args.repo.split('/')[-1]} {version}",
        "body": section_for(version),
        "draft": args.draft,
        "prerelease": "-" in version,
    }
    if args.dry_run:
        print(json.dumps(payload, indent=2))
        return 0
    headers = {"Authorization": f"Bearer {token}", "Accept": "application/vnd.github+json"}
    with httpx.Client(base_url=args.api, headers=headers, timeout=20.0) as client:
        resp = client.post(f"/repos/{args.repo}/releases", json=payload)
    if resp.status_code >= 300:
        log.error("publish failed: %s %s", resp.status_code, resp.text[:200])
        return 1
    print(resp.json().get("html_url", "published"))
    return 0


def cmd_latest(args):
    resp = httpx.get(f"{args.api}/repos/{args.repo}/releases/latest", timeout=10.0)
    resp.raise_for_status()
    info = resp.json()
    print(f"{info.get('tag_name')}  {info.get('published_at')}")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="shipit")
    parser.add_argument("--api", default=os.environ.get("SHIPIT_API", DEFAULT_API))
    parser.add_argument("-v", "--verbose", action="store_true")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("bump", help="increment VERSION")
    p.add_argument("part", choices=["major", "minor", "patch"], default="patch", nargs="?")
    p.set_defaults(func=cmd_bump)

    p = sub.add_parser("notes", help="print changelog section")
    p.add_argument("--version")
    p.set_defaults(func=cmd_notes)

    p = sub.add_parser("publish", help="create a release")
    p.add_argument("repo", help="owner/name")
    p.add_argument("--draft", action="store_true")
    p.add_argument("--dry-run", action="store_true")
    p.set_defaults(func=cmd_publish)

    p = sub.add_parser("latest", help="show the latest published release")
    p.add_argument("repo")
    p.set_defaults(func=cmd_latest)

    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    return args.func(args) or 0


if __name__ == "__main__":
    sys.exit(main())
