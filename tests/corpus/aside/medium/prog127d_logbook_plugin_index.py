#!/usr/bin/env python3
"""Plugin index checker for the club logbook (hamlog).

Reads the plugin index published by the club, compares it with the plugins
installed under ~/.local/share/hamlog/plugins and downloads newer versions
into a staging folder, where the station keeper reviews them before copying
them into the plugin directory by hand.
"""

import argparse
import hashlib
import http.client
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
STAGING_DIR = Path("plugin-staging")
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


def version_tuple(v):
    out = []
    for piece in str(v).split("."):
        try:
            out.append(int(piece))
        except ValueError:
            out.append(0)
    return tuple(out)


def stage_plugin(entry, base_url):
    src_url = urllib.parse.urljoin(base_url, entry["source"])
    body = http_get(src_url)
    digest = hashlib.sha256(body).hexdigest()
    expected = entry.get("sha256")
    if expected and digest != expected:
        raise ValueError(f"checksum mismatch for {entry['name']}")
    STAGING_DIR.mkdir(parents=True, exist_ok=True)
    target = STAGING_DIR / f"{entry['name']}-{entry.get('version', '0')}.py"
    target.write_bytes(body)
    return target, digest


def check(index_url, only=None, download=True):
    index = load_index(index_url)
    state = load_state()
    pending = []
    for entry in index["plugins"]:
        name = entry.get("name")
        if not name or (only and name not in only):
            continue
        have = state.get(name, {}).get("version", "0")
        want = entry.get("version", "0")
        if version_tuple(want) <= version_tuple(have):
            log.debug("%s is current (%s)", name, have)
            continue
        log.info("%s: %s available (installed %s)", name, want, have)
        if not download:
            pending.append((name, want, None))
            continue
        try:
            path, digest = stage_plugin(entry, index_url)
        except Exception as exc:  # keep going with the other plugins
            log.error("could not fetch %s: %s", name, exc)
            continue
        pending.append((name, want, str(path)))
        log.info("  staged %s (sha256 %s)", path, digest[:16])
    return pending


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--index", default=os.environ.get("HAMLOG_PLUGIN_INDEX",
                                                      DEFAULT_INDEX))
    ap.add_argument("--only", nargs="*", help="check only these plugins")
    ap.add_argument("--no-download", action="store_true",
                    help="list available updates without staging them")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        pending = check(args.index, args.only, not args.no_download)
    except (OSError, RuntimeError, ValueError, yaml.YAMLError) as exc:
        log.error("index check failed: %s", exc)
        return 1
    if pending:
        print(f"{len(pending)} update(s) staged in {STAGING_DIR}/ for review")
    else:
        print("all plugins are current")
    return 0


if __name__ == "__main__":
    sys.exit(main())
