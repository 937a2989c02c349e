#!/usr/bin/env python3
"""Self-updater for the fridge monitor agent plugins.

The agent's alarm-routing plugins change more often than the agent
itself. This tool checks the plugin channel for a newer version, fetches
the plugin source and runs its register() hook in-process so the new
routing rules take effect without a restart.
"""

import argparse
import json
import logging
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("agent_update")

CHANNEL_URL = "https://updates.example.com/fridgemon/plugins/{channel}/manifest.json"
STATE_FILE = Path("plugin_state.json")


class PluginChannel:
    def __init__(self, channel: str, timeout: float):
        self.channel = channel
        self.timeout = timeout

    def manifest(self) -> dict:
        url = CHANNEL_URL.format(channel=self.channel)
        resp = requests.get(url, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def fetch_source(self, url: str) -> str:
        resp = requests.get(url, timeout=self.timeout)
        resp.raise_for_status()
        return resp.text


def load_state() -> dict:
    if STATE_FILE.exists():
        try:
            return json.loads(STATE_FILE.read_text())
        except json.JSONDecodeError:
            LOG.warning("state file corrupt; treating as fresh install")
    return {"version": "0.0.0"}


def save_state(state: dict) -> None:
    STATE_FILE.write_text(json.dumps(state, indent=2))


def newer(a: str, b: str) -> bool:
    def parts(v):
        return tuple(int(x) for x in v.split(".") if x.isdigit())
    return parts(a) > parts(b)


def activate(source: str, name: str) -> None:
    """Load the plugin module from source and call its register hook."""
    namespace = {"__name__": f"fridgemon_plugin_{name}"}
    exec(compile(source, f"<plugin {name}>", "exec"), namespace)
    hook = namespace.get("register")
    if callable(hook):
        hook()
        LOG.info("plugin %s registered", name)
    else:
        LOG.warning("plugin %s has no register() hook", name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channel", default="stable", choices=["stable", "beta"])
    parser.add_argument("--timeout", type=float, default=20)
    parser.add_argument("--check-only", action="store_true")
    parser.add_argument("--force", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    channel = PluginChannel(args.channel, args.timeout)
    state = load_state()
    try:
        manifest = channel.manifest()
    except requests.RequestException as exc:
        LOG.error("could not read manifest: %s", exc)
        return 1

    latest = manifest.get("version", "0.0.0")
    LOG.info("installed %s, channel %s offers %s", state["version"], args.channel, latest)
    if not args.force and not newer(latest, state["version"]):
        LOG.info("already up to date")
        return 0
    if args.check_only:
        return 10

    activated = []
    for plugin in manifest.get("plugins", []):
        name, url = plugin.get("name"), plugin.get("url")
        if not name or not url:
            continue
        try:
            source = channel.fetch_source(url)
            activate(source, name)
            activated.append(name)
        except requests.RequestException as exc:
            LOG.error("download of %s failed: %s", name, exc)
        except Exception as exc:  # plugin errors must not kill the updater
            LOG.error("plugin %s failed to activate: %s", name, exc)

    state.update(version=latest, plugins=activated)
    save_state(state)
    LOG.info("updated to %s (%d plugins active)", latest, len(activated))
    return 0


if __name__ == "__main__":
    sys.exit(main())
