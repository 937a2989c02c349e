#!/usr/bin/env python3
"""Watch upstream releases and open a tracking issue when one is newer.

Used to be:
    while read repo pin; do curl -s https://api.github.com/repos/$repo/releases/latest | jq -r .tag_name; done < pins.txt
Now it compares against the pins, and files one issue in our own repo.
"""
import argparse
import json
import logging
import os
import sys
import urllib.request

import requests

API = "https://api.github.com"
log = logging.getLogger("release-watch")


def read_pins(path):
    pins = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            repo, _, pin = line.partition(" ")
            pins.append((repo.strip(), pin.strip().lstrip("v")))
    return pins


def latest_tag(repo, timeout):
    req = urllib.request.Request(
        f"{API}/repos/{repo}/releases/latest",
        headers={"Accept": "application/vnd.github+json", "User-Agent": "release-watch"},
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        data = json.load(resp)
    return data.get("tag_name", "").lstrip("v"), data.get("html_url", "")


def version_tuple(v):
    out = []
    for part in v.replace("-", ".").split("."):
        out.append(int(part) if part.isdigit() else 0)
    return tuple(out)


def open_issue(target_repo, token, outdated, timeout):
    lines = [f"- `{r}`: pinned {p}, latest {l} ({u})" for r, p, l, u in outdated]
    payload = {
        "title": f"Upstream updates available ({len(outdated)})",
        "body": "The weekly release watch found newer upstream versions:\n\n" + "\n".join(lines),
        "labels": ["dependencies"],
    }
    resp = requests.post(
        f"{API}/repos/{target_repo}/issues",
        json=payload,
        headers={"Authorization": f"Bearer {token}", "Accept": "application/vnd.github+json"},
        timeout=timeout,
    )
    resp.raise_for_status()
    return resp.json()["html_url"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pins", default="pins.txt")
    ap.add_argument("--repo", required=True, help="owner/name to file the issue in")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    outdated = []
    for repo, pin in read_pins(args.pins):
        try:
            tag, url = latest_tag(repo, args.timeout)
        except OSError as exc:
            log.warning("%s: lookup failed: %s", repo, exc)
            continue
        if tag and version_tuple(tag) > version_tuple(pin):
            log.info("%s: %s -> %s", repo, pin, tag)
            outdated.append((repo, pin, tag, url))
        else:
            log.debug("%s: up to date (%s)", repo, pin)

    if not outdated:
        log.info("everything is current")
        return 0
    if args.dry_run:
        return 0

    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        log.error("GITHUB_TOKEN is not set; cannot open the issue")
        return 1
    try:
        log.info("opened %s", open_issue(args.repo, token, outdated, args.timeout))
    except requests.RequestException as exc:
        log.error("issue creation failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
