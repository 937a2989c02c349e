#!/usr/bin/env python3
"""telemetry_plugin_updater.py

Keeps the drill-floor telemetry collector's plugins current. Checks the
vendor update feed, and when a newer plugin bundle is announced it fetches
the installer script and runs it straight away on the collector host.
"""
import argparse
import json
import logging
import os
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import requests

FEED_URL = "https://updates.example.net/rig-telemetry/feed.json"
STATE_FILE = Path("./plugin_state.json")

log = logging.getLogger("plugin-updater")


class PluginState:
    def __init__(self, path: Path):
        self.path = path
        self.data = {"installed": {}}
        if path.exists():
            try:
                self.data = json.loads(path.read_text())
            except json.JSONDecodeError:
                log.warning("state file corrupt, starting fresh")

    def version_of(self, name: str) -> str:
        return self.data["installed"].get(name, "0.0.0")

    def record(self, name: str, version: str) -> None:
        self.data["installed"][name] = version
        self.path.write_text(json.dumps(self.data, indent=2))


def parse_version(v: str):
    return tuple(int(p) for p in v.split(".") if p.isdigit())


def fetch_feed(url: str) -> list:
    resp = requests.get(url, timeout=15)
    resp.raise_for_status()
    return resp.json().get("plugins", [])


def download_installer(url: str) -> Path:
    resp = requests.get(url, timeout=30)
    resp.raise_for_status()
    fd, name = tempfile.mkstemp(prefix="plugin-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(resp.text)
    path = Path(name)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def run_installer(script: Path, plugin: dict) -> int:
    env = dict(os.environ)
    env["PLUGIN_NAME"] = plugin["name"]
    env["PLUGIN_VERSION"] = plugin["version"]
    log.info("running installer %s for %s", script, plugin["name"])
    proc = subprocess.run(["bash", str(script)], env=env,
                          capture_output=True, text=True)
    if proc.stdout:
        log.debug(proc.stdout)
    if proc.returncode != 0:
        log.error("installer failed: %s", proc.stderr.strip())
    return proc.returncode


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--feed", default=FEED_URL)
    ap.add_argument("--only", help="update a single plugin by name")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    state = PluginState(STATE_FILE)

    try:
        plugins = fetch_feed(args.feed)
    except requests.RequestException as exc:
        log.error("could not read feed: %s", exc)
        return 1

    updated = 0
    for plugin in plugins:
        name = plugin.get("name")
        if not name or (args.only and name != args.only):
            continue
        if parse_version(plugin["version"]) <= parse_version(state.version_of(name)):
            log.info("%s is current (%s)", name, plugin["version"])
            continue
        log.info("update available: %s %s", name, plugin["version"])
        if args.dry_run:
            continue
        try:
            script = download_installer(plugin["installer_url"])
        except requests.RequestException as exc:
            log.error("download failed for %s: %s", name, exc)
            continue
        try:
            if run_installer(script, plugin) == 0:
                state.record(name, plugin["version"])
                updated += 1
        finally:
            script.unlink(missing_ok=True)

    log.info("%d plugin(s) updated", updated)
    return 0


if __name__ == "__main__":
    sys.exit(main())
