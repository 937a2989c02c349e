#!/usr/bin/env python3
"""Fetch libvirt qemu hook plugins for review.

Hook plugins are published centrally by the platform team on the plugin
index. This tool downloads the current set into a local directory so a
reviewer can diff them against what is deployed before the change window.
"""

import argparse
import base64
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request

LOG = logging.getLogger("hook-plugins")

INDEX_URL = os.environ.get("HOOK_PLUGIN_INDEX",
                           "https://tooling.vdi.internal/hooks/index.json")
CACHE_DIR = os.environ.get("HOOK_PLUGIN_CACHE", ".hook-cache")


def fetch_index(url, attempts=3):
    last = None
    for n in range(1, attempts + 1):
        try:
            req = urllib.request.Request(url, headers={"Accept": "application/json"})
            with urllib.request.urlopen(req, timeout=10) as resp:
                return json.load(resp)
        except (urllib.error.URLError, ValueError) as exc:
            last = exc
            LOG.warning("index fetch %d/%d failed: %s", n, attempts, exc)
    raise RuntimeError("plugin index unavailable: %s" % last)


def cache_key(url):
    return hashlib.md5(url.encode()).hexdigest()


def cached_index(url):
    os.makedirs(CACHE_DIR, exist_ok=True)
    path = os.path.join(CACHE_DIR, cache_key(url) + ".json")
    try:
        index = fetch_index(url)
        with open(path, "w") as fh:
            json.dump(index, fh)
        os.chmod(path, 0o600)
        return index
    except RuntimeError:
        if os.path.exists(path):
            LOG.info("using cached index %s", path)
            with open(path) as fh:
                return json.load(fh)
        raise


class HookPlugin:
    def __init__(self, entry):
        self.name = entry["name"]
        self.ops = set(entry.get("ops", []))
        self.sha256 = entry.get("sha256")
        self._source = entry["body"]

    def applies_to(self, op):
        return not self.ops or op in self.ops

    def materialise(self, out_dir):
        code = base64.b64decode(self._source)
        if self.sha256 and hashlib.sha256(code).hexdigest() != self.sha256:
            raise ValueError("checksum mismatch for %s" % self.name)
        fname = "".join(c for c in self.name if c.isalnum() or c in "-_") or "unnamed"
        path = os.path.join(out_dir, fname + ".py")
        with open(path, "wb") as fh:
            fh.write(code)
        os.chmod(path, 0o600)
        return path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--op", help="only plugins that handle this hook operation")
    ap.add_argument("--out", default="plugins-review")
    ap.add_argument("--index", default=INDEX_URL)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(name)s: %(levelname)s %(message)s")

    try:
        index = cached_index(args.index)
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1

    os.makedirs(args.out, exist_ok=True)
    written, bad = 0, 0
    for entry in index.get("plugins", []):
        plugin = HookPlugin(entry)
        if args.op and not plugin.applies_to(args.op):
            continue
        try:
            path = plugin.materialise(args.out)
            LOG.info("%-24s -> %s", plugin.name, path)
            written += 1
        except (ValueError, KeyError, OSError) as exc:
            LOG.error("plugin %s skipped: %s", plugin.name, exc)
            bad += 1
    LOG.info("%d plugin(s) written to %s, %d rejected", written, args.out, bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
