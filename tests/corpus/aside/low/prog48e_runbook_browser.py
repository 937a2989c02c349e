#!/usr/bin/env python3
"""Fetch an incident runbook (YAML) from the internal docs site and print
its steps for the on-call engineer. Responses are cached in ./.runbook-cache
keyed by the MD5 of the URL. Nothing is executed; steps are only shown."""
import argparse
import hashlib
import logging
import sys
import time
from pathlib import Path
from urllib.error import URLError
from urllib.request import Request, urlopen

import yaml

logger = logging.getLogger("runbook")
CACHE_DIR = Path(".runbook-cache")
DOCS_BASE = "https://docs.internal.example.com/runbooks"


def cache_path(url):
    return CACHE_DIR / (hashlib.md5(url.encode("utf-8")).hexdigest() + ".yaml")


def fetch(url, max_age, timeout=10):
    cached = cache_path(url)
    if cached.exists() and time.time() - cached.stat().st_mtime < max_age:
        logger.debug("cache hit %s", cached)
        return cached.read_text(encoding="utf-8")
    req = Request(url, headers={"Accept": "application/yaml",
                                "User-Agent": "runbook-browser/1.3"})
    with urlopen(req, timeout=timeout) as resp:
        text = resp.read().decode("utf-8")
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(text, encoding="utf-8")
    return text


def render_step(idx, step, width):
    title = step.get("title", "(untitled)")
    print(f"{idx:>2}. {title}")
    for key in ("why", "check", "action", "rollback"):
        if key in step:
            value = str(step[key]).strip().replace("\n", "\n" + " " * 14)
            print(f"    {key:<9} {value[:width]}")
    if step.get("escalate"):
        print(f"    escalate  -> {step['escalate']}")


def filter_steps(steps, phase):
    if not phase:
        return steps
    return [s for s in steps if s.get("phase", "respond") == phase]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("service")
    ap.add_argument("--alert", default="default")
    ap.add_argument("--phase", choices=["triage", "respond", "recover"])
    ap.add_argument("--max-age", type=int, default=3600)
    ap.add_argument("--width", type=int, default=200)
    ap.add_argument("--base", default=DOCS_BASE)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    url = f"{args.base}/{args.service}/{args.alert}.yaml"
    try:
        doc = yaml.safe_load(fetch(url, args.max_age)) or {}
    except (URLError, OSError) as exc:
        logger.error("cannot fetch %s: %s", url, exc)
        return 1
    except yaml.YAMLError as exc:
        logger.error("runbook %s is not valid YAML: %s", url, exc)
        return 1

    print(f"# {doc.get('title', args.service)}  (owner: {doc.get('owner', 'n/a')})")
    steps = filter_steps(doc.get("steps", []), args.phase)
    for i, step in enumerate(steps, 1):
        render_step(i, step, args.width)
    if not steps:
        print("no steps for this phase")
    return 0


if __name__ == "__main__":
    sys.exit(main())
