#!/usr/bin/env python3
"""Release pre-flight for the project-local .pypirc.

We keep a .pypirc next to pyproject.toml so `twine upload -r internal` works in
the release container. Before a release we check that every repository
section is well formed, that tokens are used instead of account passwords,
and that each repository URL answers a HEAD request. Credentials are only
inspected locally; nothing but the bare URL is contacted.
"""
import argparse
import configparser
import logging
import sys
from pathlib import Path
from urllib.parse import urlparse

import requests

logger = logging.getLogger("pypirc-preflight")
TOKEN_USER = "__token__"
TOKEN_PREFIX = "pypi-"


def load_project_pypirc(project_dir):
    rc_path = Path(project_dir) / ".pypirc"
    parser = configparser.RawConfigParser()
    if not parser.read(rc_path, encoding="utf-8"):
        raise FileNotFoundError(rc_path)
    return rc_path, parser


def index_servers(parser):
    raw = parser.get("distutils", "index-servers", fallback="pypi")
    return [name.strip() for name in raw.split() if name.strip()]


def check_section(parser, name):
    issues = []
    if not parser.has_section(name):
        return [f"[{name}] listed in index-servers but missing"]
    url = parser.get(name, "repository", fallback="https://upload.pypi.org/legacy/")
    if urlparse(url).scheme != "https":
        issues.append(f"[{name}] repository is not https: {url}")
    user = parser.get(name, "username", fallback="")
    secret = parser.get(name, "password", fallback="")
    if user and user != TOKEN_USER:
        issues.append(f"[{name}] uses an account login; switch to an API token")
    if secret and user == TOKEN_USER and not secret.startswith(TOKEN_PREFIX):
        issues.append(f"[{name}] token does not look like a PyPI token")
    return issues


def probe(url, timeout):
    try:
        resp = requests.head(url, timeout=timeout, allow_redirects=True)
    except requests.RequestException as exc:
        return f"unreachable ({exc.__class__.__name__})"
    return None if resp.status_code < 500 else f"HTTP {resp.status_code}"


def main():
    ap = argparse.ArgumentParser(description="pre-release .pypirc checks")
    ap.add_argument("--project", default=".", help="project root (default: cwd)")
    ap.add_argument("--offline", action="store_true", help="skip reachability probes")
    ap.add_argument("--timeout", type=float, default=5.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    try:
        rc_path, parser = load_project_pypirc(args.project)
    except FileNotFoundError as missing:
        logger.error("no .pypirc at %s", missing)
        return 2

    failures = 0
    for name in index_servers(parser):
        for issue in check_section(parser, name):
            logger.warning(issue)
            failures += 1
        if args.offline or not parser.has_section(name):
            continue
        url = parser.get(name, "repository", fallback="https://upload.pypi.org/legacy/")
        problem = probe(url, args.timeout)
        if problem:
            logger.warning("[%s] %s: %s", name, url, problem)
            failures += 1
        else:
            logger.info("[%s] %s reachable", name, url)

    logger.info("%s: %d issue(s)", rc_path, failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
