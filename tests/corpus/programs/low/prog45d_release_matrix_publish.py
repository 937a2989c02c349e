#!/usr/bin/env python3
"""Build a per-platform download matrix for the website.

Looks at the latest GitHub release, classifies each asset as Windows,
macOS or Linux, writes ``./site-data/downloads.json`` and (optionally)
pushes the same JSON to the docs CMS API using DOCS_CMS_TOKEN.
"""
import argparse
import json
import logging
import os
import re
import sys
import urllib.request
from dataclasses import dataclass, asdict
from pathlib import Path

import requests

LOG = logging.getLogger("release-matrix")
GITHUB_API = "https://api.github.com/repos/{repo}/releases/latest"
CMS_ENDPOINT = "https://cms.docs.example.org/api/v2/collections/downloads"

PLATFORM_RULES = [
    ("windows", re.compile(r"\.(msi|exe|msix|appx)$|win(32|64)?[-_]", re.I)),
    ("macos", re.compile(r"\.(dmg|pkg)$|darwin|macos|universal2", re.I)),
    ("linux", re.compile(r"\.(AppImage|deb|rpm|flatpak)$|linux", re.I)),
]


@dataclass
class Asset:
    name: str
    platform: str
    size: int
    url: str


def fetch_latest(repo: str) -> dict:
    req = urllib.request.Request(GITHUB_API.format(repo=repo),
                                 headers={"Accept": "application/vnd.github+json",
                                          "User-Agent": "release-matrix/1.2"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.load(resp)


def classify(name: str) -> str:
    for platform, rx in PLATFORM_RULES:
        if rx.search(name):
            return platform
    return "other"


def build_matrix(release: dict) -> dict:
    matrix = {"tag": release.get("tag_name"), "published": release.get("published_at"),
              "platforms": {"windows": [], "macos": [], "linux": [], "other": []}}
    for raw in release.get("assets", []):
        asset = Asset(raw["name"], classify(raw["name"]), raw.get("size", 0),
                      raw["browser_download_url"])
        matrix["platforms"][asset.platform].append(asdict(asset))
    return matrix


def push_to_cms(matrix: dict) -> None:
    token = os.environ.get("DOCS_CMS_TOKEN")
    if not token:
        LOG.warning("DOCS_CMS_TOKEN not set; skipping CMS upload")
        return
    resp = requests.put(CMS_ENDPOINT + "/" + matrix["tag"], json=matrix,
                        headers={"Authorization": f"Bearer {token}"}, timeout=30)
    resp.raise_for_status()
    LOG.info("CMS accepted matrix for %s (%s)", matrix["tag"], resp.status_code)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("repo", help="owner/name on GitHub")
    ap.add_argument("--out", type=Path, default=Path("site-data/downloads.json"))
    ap.add_argument("--publish", action="store_true", help="also push to the docs CMS")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        release = fetch_latest(args.repo)
    except OSError as exc:
        LOG.error("could not query GitHub: %s", exc)
        return 1

    matrix = build_matrix(release)
    for platform, items in matrix["platforms"].items():
        LOG.info("%-8s %d asset(s)", platform, len(items))

    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(matrix, indent=2), encoding="utf-8")
    LOG.info("wrote %s", args.out)

    if args.publish:
        try:
            push_to_cms(matrix)
        except requests.RequestException as exc:
            LOG.error("CMS upload failed: %s", exc)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
