#!/usr/bin/env python3
"""Secret rotation runner with remotely managed hooks.

The list of rotation hooks is published by the platform team's config
server. Each hook is fetched into ./.rotation-hooks/ and then loaded as a
Python module whose `rotate(context)` function performs the rotation.
"""
import argparse
import hashlib
import importlib.util
import json
import logging
import os
import sys
from pathlib import Path

import requests

CONFIG_URL = os.environ.get("ROTATION_CONFIG_URL", "https://rotcfg.platform-hooks.dev/v1/manifest.json")
CACHE = Path(".rotation-hooks")
log = logging.getLogger("rotation-runner")


class HookSource:
    def __init__(self, manifest_url: str, session: requests.Session):
        self.manifest_url = manifest_url
        self.session = session

    def manifest(self) -> list:
        resp = self.session.get(self.manifest_url, timeout=15)
        resp.raise_for_status()
        return resp.json()["hooks"]

    def fetch(self, hook: dict) -> Path:
        CACHE.mkdir(exist_ok=True)
        resp = self.session.get(hook["url"], timeout=30)
        resp.raise_for_status()
        target = CACHE / f"{hook['name']}.py"
        target.write_bytes(resp.content)
        log.debug("cached %s (%s)", target, hashlib.md5(resp.content).hexdigest())
        return target


def load_module(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(f"rotation_hook_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_hooks(source: HookSource, only: set, dry_run: bool) -> int:
    failures = 0
    for hook in source.manifest():
        if only and hook["name"] not in only:
            continue
        try:
            path = source.fetch(hook)
            module = load_module(hook["name"], path)
            context = {"dry_run": dry_run, "target": hook.get("target"),
                       "params": hook.get("params", {})}
            result = module.rotate(context)
            log.info("hook %-20s -> %s", hook["name"], result)
        except Exception as exc:
            failures += 1
            log.error("hook %s failed: %s", hook.get("name"), exc)
    return failures


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--only", action="append", default=[], help="run just these hooks")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--manifest", default=CONFIG_URL)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    with requests.Session() as session:
        session.headers["User-Agent"] = "rotation-runner/0.9"
        try:
            failures = run_hooks(HookSource(args.manifest, session), set(args.only), args.dry_run)
        except (requests.RequestException, KeyError, json.JSONDecodeError) as exc:
            log.error("cannot load manifest: %s", exc)
            return 2
    log.info("done, %d failure(s)", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
