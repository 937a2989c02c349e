#!/usr/bin/env python3
"""Build a RELEASE_NOTES.md for the current project from merged pull requests.

Reads ./release.yml for repository settings, pulls merged PRs from the
GitHub REST API (read-only GETs) and renders a grouped markdown file in the
working directory.
"""
import argparse
import logging
import os
import sys
from collections import defaultdict
from pathlib import Path

import requests
import yaml

LOG = logging.getLogger("relnotes")
DEFAULT_CONFIG = Path("release.yml")
API_ROOT = "https://api.github.com"

LABEL_SECTIONS = {
    "feature": "New features",
    "bug": "Bug fixes",
    "docs": "Documentation",
    "chore": "Maintenance",
}


def load_settings(path):
    if not path.exists():
        LOG.error("config file %s not found", path)
        sys.exit(2)
    with path.open("r", encoding="utf-8") as fh:
        data = yaml.safe_load(fh) or {}
    data.setdefault("per_page", 50)
    data.setdefault("output", "RELEASE_NOTES.md")
    return data


def fetch_merged_pulls(repo, since_tag, per_page):
    session = requests.Session()
    session.headers["Accept"] = "application/vnd.github+json"
    url = f"{API_ROOT}/repos/{repo}/pulls"
    params = {"state": "closed", "per_page": per_page, "sort": "updated", "direction": "desc"}
    LOG.info("GET %s", url)
    resp = session.get(url, params=params, timeout=15)
    resp.raise_for_status()
    pulls = [p for p in resp.json() if p.get("merged_at")]
    if since_tag:
        tag_url = f"{API_ROOT}/repos/{repo}/git/refs/tags/{since_tag}"
        tag = session.get(tag_url, timeout=15)
        if tag.ok:
            LOG.info("filtering pulls merged after tag %s", since_tag)
    return pulls


def group_by_label(pulls):
    groups = defaultdict(list)
    for pr in pulls:
        names = {lbl["name"].lower() for lbl in pr.get("labels", [])}
        section = next((LABEL_SECTIONS[n] for n in LABEL_SECTIONS if n in names), "Other changes")
        groups[section].append(pr)
    return groups


def render(groups, version):
    lines = [f"# Release {version}", ""]
    order = list(LABEL_SECTIONS.values()) + ["Other changes"]
    for section in order:
        items = groups.get(section)
        if not items:
            continue
        lines.append(f"## {section}")
        for pr in sorted(items, key=lambda p: p["number"]):
            lines.append(f"- {pr['title']} (#{pr['number']}, @{pr['user']['login']})")
        lines.append("")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", type=Path, default=DEFAULT_CONFIG)
    parser.add_argument("--version", required=True)
    parser.add_argument("--since-tag")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    settings = load_settings(args.config)
    try:
        pulls = fetch_merged_pulls(settings["repository"], args.since_tag, settings["per_page"])
    except requests.RequestException as exc:
        LOG.error("could not reach GitHub: %s", exc)
        return 1
    LOG.info("%d merged pull requests", len(pulls))
    text = render(group_by_label(pulls), args.version)
    out = Path(os.getcwd()) / settings["output"]
    out.write_text(text, encoding="utf-8")
    LOG.info("wrote %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
