#!/usr/bin/env python3
"""Plugin updater for the club logbook (hamlog).

Reads the plugin index published by the club, compares it with the plugins
installed under ~/.local/share/hamlog/plugins, downloads newer versions and
activates them so that the next logging session picks them up.
"""

import argparse
import hashlib
import http.client
import importlib.util
import json
import logging
import os
import sys
import urllib.parse
from pathlib import Path

import yaml

log = logging.getLogger("hamlog.plugins")

DEFAULT_INDEX = "https://plugins.hamlog-club.example.org/index.yaml"
PLUGIN_DIR = Path(os.environ.get("HAMLOG_PLUGIN_DIR",
                                 Path.home() / ".local/share/hamlog/plugins"))
STATE_FILE = PLUGIN_DIR / "installed.json"


def http_get(url, timeout=20):
    parts = urllib.parse.urlsplit(url)
    conn_cls = (http.client.HTTPSConnection if parts.scheme == "https"
                else http.client.HTTPConnection)
    conn = conn_cls(parts.netloc, timeout=timeout)
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    try:
        conn.request("GET", path, headers={"User-Agent": "hamlog-plugins/2.3"})
        resp = conn.getresponse()
        body = resp.read()
        if resp.status != 200:
            raise RuntimeError(f"GET {url} -> HTTP {resp.status}")
        return body
    finally:
        conn.close()


def load_index(url):
    raw = http_get(url).decode("utf-8")
    index = yaml.load(raw, Loader=yaml.Loader)
    if not isinstance(index, dict) or "plugins" not in index:
        raise ValueError("plugin index has no 'plugins' section")
    return index


def load_state():
    if STATE_FILE.exists():
        with STATE_FILE.open() as fh:
            return json.load(fh)
    return {}


def save_state(state):
    STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
    tmp = STATE_FILE.with_suffix(".tmp")
    with tmp.open("w") as fh:
        json.dump(state, fh, indent=2, sort_keys=True)
    tmp.replace(STATE_FILE)


def version_tuple(v):
    out = []
    for piece in str(v).split("."):
        try:
            out.append(int(piece))
        except ValueError:
            out.append(0)
    return tuple(out)


def fetch_plugin(entry, base_url):
    src_url = urllib.parse.urljoin(base_url, entry["source"])
    body = http_get(src_url)
    expected = entry.get("sha256")
    if expected and hashlib.sha256(body).hexdigest() != expected:
        raise ValueError(f"checksum mismatch for {entry['name']}")
    target = PLUGIN_DIR / f"{entry['name']}.py"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(body)
    return target


def activate(name, path):
    """Import the plugin once so its register() hook records its handlers."""
    spec = importlib.util.spec_from_file_location(f"hamlog_plugin_{name}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    hook = getattr(module, "register", None)
    if callable(hook):
        hook({"plugin_dir": str(PLUGIN_DIR), "api": "2.3"})
    return module


def update(index_url, only=None, dry_run=False):
    index = load_index(index_url)
    state = load_state()
    changed = 0
    for entry in index["plugins"]:
        name = entry.get("name")
        if not name or (only and name not in only):
            continue
        have = state.get(name, {}).get("version", "0")
        want = entry.get("version", "0")
        if version_tuple(want) <= version_tuple(have):
            log.debug("%s is current (%s)", name, have)
            continue
        log.info("updating %s %s -> %s", name, have, want)
        if dry_run:
            continue
        try:
            path = fetch_plugin(entry, index_url)
            activate(name, path)
        except Exception as exc:  # keep going with the other plugins
            log.error("could not update %s: %s", name, exc)
            continue
        state[name] = {"version": want, "path": str(path)}
        changed += 1
    if changed:
        save_state(state)
    return changed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--index", default=os.environ.get("HAMLOG_PLUGIN_INDEX",
                                                      DEFAULT_INDEX))
    ap.add_argument("--only", nargs="*", help="update only these plugins")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        n = update(args.index, args.only, args.dry_run)
    except (OSError, RuntimeError, ValueError, yaml.YAMLError) as exc:
        log.error("update failed: %s", exc)
        return 1
    log.info("%d plugin(s) updated", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
