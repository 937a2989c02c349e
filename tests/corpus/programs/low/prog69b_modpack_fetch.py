#!/usr/bin/env python3
"""modpack_fetch - keep a Minecraft instance in step with a published modpack.

The pack author publishes a manifest.json listing mod jars (url + sha256).
This tool downloads whatever changed, verifies checksums and prunes mods that
were dropped from the pack. Config migrations are left to the user.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("modpack_fetch")
USER_AGENT = "modpack-fetch/1.4"
DEFAULT_MANIFEST = "https://packs.example.net/skyblock-plus/manifest.json"
STATE_FILE = ".modpack-state.json"


def http_get(url, timeout=30, retries=3):
    """GET a URL with a few retries; returns the body as bytes."""
    last_error = None
    for attempt in range(1, retries + 1):
        req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return resp.read()
        except (urllib.error.URLError, TimeoutError) as exc:
            last_error = exc
            LOG.warning("GET %s failed (attempt %d/%d): %s", url, attempt, retries, exc)
    raise RuntimeError(f"giving up on {url}: {last_error}")


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def load_state(instance):
    path = instance / STATE_FILE
    if not path.exists():
        return {"version": None, "installed": []}
    try:
        return json.loads(path.read_text())
    except json.JSONDecodeError:
        LOG.warning("state file corrupt, starting fresh")
        return {"version": None, "installed": []}


def save_state(instance, state):
    (instance / STATE_FILE).write_text(json.dumps(state, indent=2))


def sync_mods(manifest, instance, state):
    mods_dir = instance / "mods"
    mods_dir.mkdir(parents=True, exist_ok=True)
    wanted = set()
    changed = 0
    for entry in manifest.get("files", []):
        name = os.path.basename(entry["name"])
        target = mods_dir / name
        wanted.add(name)
        if target.exists() and sha256_file(target) == entry["sha256"]:
            LOG.debug("%s up to date", name)
            continue
        LOG.info("fetching %s", name)
        data = http_get(entry["url"])
        digest = hashlib.sha256(data).hexdigest()
        if digest != entry["sha256"]:
            raise ValueError(f"checksum mismatch for {name}: {digest}")
        target.write_bytes(data)
        changed += 1

    for name in state.get("installed", []):
        if name not in wanted:
            LOG.info("removing dropped mod %s", name)
            (mods_dir / name).unlink(missing_ok=True)
            changed += 1

    state["installed"] = sorted(wanted)
    return changed


def report_hooks(manifest):
    """Tell the user which migration steps the pack author documented."""
    hooks = manifest.get("hooks", {})
    for stage, url in sorted(hooks.items()):
        LOG.info("pack documents a %s step at %s (not run automatically)", stage, url)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--manifest", default=os.environ.get("MODPACK_MANIFEST", DEFAULT_MANIFEST))
    p.add_argument("--instance", default="instance", type=Path,
                   help="instance directory (contains mods/, config/)")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    instance = args.instance.resolve()
    instance.mkdir(parents=True, exist_ok=True)

    try:
        manifest = json.loads(http_get(args.manifest))
    except (RuntimeError, json.JSONDecodeError) as exc:
        LOG.error("could not load manifest: %s", exc)
        return 1

    state = load_state(instance)
    LOG.info("pack %s %s (installed: %s)", manifest.get("name"), manifest.get("version"), state.get("version"))
    try:
        changed = sync_mods(manifest, instance, state)
    except (RuntimeError, ValueError) as exc:
        LOG.error("sync failed: %s", exc)
        return 2

    if changed or state.get("version") != manifest.get("version"):
        report_hooks(manifest)

    state["version"] = manifest.get("version")
    save_state(instance, state)
    LOG.info("done, %d change(s)", changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
