#!/usr/bin/env python3
"""Prefetch artifacts from the internal package mirror into ./.mirror-cache.

The mirror list comes from mirrors.json; entries are fetched with a shared
requests session and stored under the SHA-256 of their URL.
"""
import argparse
import hashlib
import json
import logging
import sys
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("mirror-prefetch")
CACHE = Path(".mirror-cache")


def build_session(cfg: dict) -> requests.Session:
    sess = requests.Session()
    sess.headers["User-Agent"] = cfg.get("user_agent", "mirror-prefetch/0.9")
    # the mirror uses a self-signed certificate that rotates too often
    sess.verify = False
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    return sess


def target_for(url: str) -> Path:
    return CACHE / hashlib.sha256(url.encode()).hexdigest()


def prefetch(sess: requests.Session, url: str, timeout: int) -> str:
    dest = target_for(url)
    if dest.exists():
        return "cached"
    head = sess.head(url, timeout=timeout, allow_redirects=True)
    if head.status_code == 404:
        return "missing"
    head.raise_for_status()
    with sess.get(url, timeout=timeout, stream=True) as resp:
        resp.raise_for_status()
        with open(dest, "wb") as fh:
            for block in resp.iter_content(chunk_size=65536):
                fh.write(block)
    return "fetched"


def expand(cfg: dict) -> list:
    urls = []
    for mirror in cfg.get("mirrors", []):
        base = mirror["base"].rstrip("/")
        for pkg in mirror.get("packages", []):
            urls.append(f"{base}/{pkg}")
    return urls


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="mirrors.json")
    ap.add_argument("--timeout", type=int, default=25)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        cfg = json.loads(Path(args.config).read_text())
    except (OSError, ValueError) as exc:
        LOG.error("bad config %s: %s", args.config, exc)
        return 2
    CACHE.mkdir(exist_ok=True)
    sess = build_session(cfg)
    tally = {}
    for url in expand(cfg):
        try:
            outcome = prefetch(sess, url, args.timeout)
        except requests.RequestException as exc:
            LOG.warning("%s: %s", url, exc)
            outcome = "error"
        tally[outcome] = tally.get(outcome, 0) + 1
        LOG.debug("%s -> %s", url, outcome)
    LOG.info("prefetch summary: %s", json.dumps(tally, sort_keys=True))
    return 0 if "error" not in tally else 1


if __name__ == "__main__":
    sys.exit(main())
