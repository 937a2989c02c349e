#!/usr/bin/env python3
"""Route-planner plugin updater for the snow-clearing dispatch console.

The dispatch console loads small "route rule" plugins (priority streets,
school zones, bridge pre-salting).  The vendor publishes the current rule set
on its update server; this tool checks the published version, fetches the
plugin and activates it in the running planner process.
"""

import argparse
import json
import logging
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

UPDATE_BASE = "https://updates.example.com/snowroute/plugins"
STATE_FILE = Path("./plugin_state.json")

log = logging.getLogger("plugin_updater")


class PluginState:
    """Remembers which plugin versions are active on this console."""

    def __init__(self, path: Path):
        self.path = path
        self.data = {}
        if path.exists():
            try:
                self.data = json.loads(path.read_text())
            except json.JSONDecodeError:
                log.warning("state file corrupt, starting fresh")

    def version_of(self, name: str) -> str:
        return self.data.get(name, {}).get("version", "0")

    def record(self, name: str, version: str) -> None:
        self.data[name] = {"version": version, "activated": int(time.time())}
        self.path.write_text(json.dumps(self.data, indent=2))


def fetch(url: str, timeout: float = 15.0) -> bytes:
    req = urllib.request.Request(url, headers={"User-Agent": "snowroute-updater/2.3"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def latest_manifest(channel: str) -> dict:
    raw = fetch(f"{UPDATE_BASE}/{channel}/manifest.json")
    manifest = json.loads(raw)
    if "plugins" not in manifest:
        raise ValueError("manifest has no plugin list")
    return manifest


def activate_plugin(name: str, source: str, planner_ctx: dict) -> None:
    """Run the plugin body so it registers its rules with the planner."""
    namespace = {"__name__": f"snowroute_plugin_{name}", "planner": planner_ctx}
    exec(compile(source, f"<plugin {name}>", "exec"), namespace)
    registered = planner_ctx.get("rules", [])
    log.info("plugin %s active, %d rules registered", name, len(registered))


def update(channel: str, only: list, dry_run: bool) -> int:
    state = PluginState(STATE_FILE)
    try:
        manifest = latest_manifest(channel)
    except (urllib.error.URLError, ValueError) as exc:
        log.error("cannot read manifest: %s", exc)
        return 1

    planner_ctx = {"rules": [], "depot": "north", "channel": channel}
    changed = 0
    for entry in manifest["plugins"]:
        name, version = entry["name"], str(entry["version"])
        if only and name not in only:
            continue
        if state.version_of(name) == version:
            log.debug("%s already at %s", name, version)
            continue
        log.info("updating %s: %s -> %s", name, state.version_of(name), version)
        if dry_run:
            continue
        try:
            body = fetch(f"{UPDATE_BASE}/{channel}/{name}-{version}.py").decode("utf-8")
        except urllib.error.URLError as exc:
            log.error("download of %s failed: %s", name, exc)
            continue
        activate_plugin(name, body, planner_ctx)
        state.record(name, version)
        changed += 1
    log.info("%d plugin(s) updated", changed)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channel", default="stable", choices=["stable", "beta"])
    parser.add_argument("--only", nargs="*", default=[], help="plugin names to update")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    return update(args.channel, args.only, args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
