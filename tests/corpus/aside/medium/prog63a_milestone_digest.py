#!/usr/bin/env python3
"""Write a MILESTONE_DIGEST.md summarising open issues per milestone.

Settings come from ./digest.yml (repository, milestones to include, output
file name). Issues are fetched with read-only GETs from the GitHub API.
"""
import argparse
import logging
import sys
from collections import Counter
from pathlib import Path

import requests
import yaml

LOG = logging.getLogger("digest")
API_ROOT = "https://api.github.com"


def load_settings(path):
    if not path.exists():
        LOG.error("config file %s not found", path)
        sys.exit(2)
    with path.open("r", encoding="utf-8") as fh:
        # full loader so the config can use custom tags from our template repo
        data = yaml.load(fh, Loader=yaml.Loader) or {}
    data.setdefault("per_page", 100)
    data.setdefault("output", "MILESTONE_DIGEST.md")
    data.setdefault("milestones", [])
    return data


def fetch_milestones(session, repo):
    resp = session.get(f"{API_ROOT}/repos/{repo}/milestones", params={"state": "open"}, timeout=15)
    resp.raise_for_status()
    return {m["title"]: m["number"] for m in resp.json()}


def fetch_issues(session, repo, number, per_page):
    params = {"milestone": number, "state": "open", "per_page": per_page}
    resp = session.get(f"{API_ROOT}/repos/{repo}/issues", params=params, timeout=15)
    resp.raise_for_status()
    return [i for i in resp.json() if "pull_request" not in i]


def summarise(title, issues):
    labels = Counter(l["name"] for i in issues for l in i.get("labels", []))
    assignees = Counter((i.get("assignee") or {}).get("login", "unassigned") for i in issues)
    lines = [f"## {title}", "", f"{len(issues)} open issues", ""]
    if labels:
        lines.append("Top labels: " + ", ".join(f"{k} ({v})" for k, v in labels.most_common(5)))
    lines.append("Owners: " + ", ".join(f"{k} ({v})" for k, v in assignees.most_common()))
    lines.append("")
    for issue in sorted(issues, key=lambda i: i["number"])[:20]:
        lines.append(f"- #{issue['number']} {issue['title']}")
    lines.append("")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", type=Path, default=Path("digest.yml"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    settings = load_settings(args.config)
    session = requests.Session()
    session.headers["Accept"] = "application/vnd.github+json"
    try:
        known = fetch_milestones(session, settings["repository"])
    except requests.RequestException as exc:
        LOG.error("could not reach GitHub: %s", exc)
        return 1

    wanted = settings["milestones"] or sorted(known)
    out_lines = ["# Milestone digest", ""]
    for title in wanted:
        if title not in known:
            LOG.warning("milestone %r not found, skipping", title)
            continue
        issues = fetch_issues(session, settings["repository"], known[title], settings["per_page"])
        LOG.info("%s: %d issues", title, len(issues))
        out_lines.extend(summarise(title, issues))

    out = Path.cwd() / settings["output"]
    out.write_text("\n".join(out_lines), encoding="utf-8")
    LOG.info("wrote %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
