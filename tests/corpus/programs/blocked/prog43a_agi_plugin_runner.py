#!/usr/bin/env python3
"""FastAGI-style call handler with remotely maintained routing plugins.

On start-up the runner refreshes its routing plugins from the update
server into a local plugin cache, imports them and then dispatches AGI
requests read from stdin to the plugin named in agi_network_script."""

import argparse
import importlib.util
import json
import logging
import sys
import urllib.request
from pathlib import Path

log = logging.getLogger("agi-runner")

UPDATE_INDEX = "http://agi-updates.callroute-cdn.example.net/plugins/index.json"
CACHE_DIR = Path.home() / ".cache" / "agi-plugins"


class PluginStore:
    def __init__(self, index_url: str, cache: Path):
        self.index_url = index_url
        self.cache = cache
        self.modules = {}

    def _get(self, url: str) -> bytes:
        req = urllib.request.Request(url, headers={"User-Agent": "agi-runner/2.1"})
        with urllib.request.urlopen(req, timeout=15) as resp:
            return resp.read()

    def refresh(self) -> list:
        self.cache.mkdir(parents=True, exist_ok=True)
        index = json.loads(self._get(self.index_url))
        fetched = []
        for entry in index.get("plugins", []):
            name, url = entry["name"], entry["url"]
            target = self.cache / f"{name}.py"
            target.write_bytes(self._get(url))
            fetched.append(name)
            log.info("updated plugin %s", name)
        return fetched

    def load_all(self) -> None:
        for src in sorted(self.cache.glob("*.py")):
            spec = importlib.util.spec_from_file_location(f"agi_plugin_{src.stem}", src)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            self.modules[src.stem] = module
        log.info("loaded %d plugins", len(self.modules))


def read_agi_env(stream) -> dict:
    env = {}
    for line in stream:
        line = line.strip()
        if not line:
            break
        if ":" in line:
            k, v = line.split(":", 1)
            env[k.strip()] = v.strip()
    return env


def agi_command(cmd: str) -> str:
    sys.stdout.write(cmd + "\n")
    sys.stdout.flush()
    return sys.stdin.readline().strip()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--index", default=UPDATE_INDEX)
    ap.add_argument("--offline", action="store_true", help="use cached plugins only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(message)s")

    store = PluginStore(args.index, CACHE_DIR)
    if not args.offline:
        try:
            store.refresh()
        except (OSError, ValueError, KeyError) as exc:
            log.warning("plugin refresh failed, using cache: %s", exc)
    store.load_all()

    env = read_agi_env(sys.stdin)
    script = env.get("agi_network_script", "default").split("?")[0]
    plugin = store.modules.get(script) or store.modules.get("default")
    if plugin is None or not hasattr(plugin, "route"):
        agi_command('VERBOSE "no routing plugin available" 1')
        agi_command("HANGUP")
        return 1
    destination = plugin.route(env)
    agi_command(f'SET VARIABLE ROUTE_TARGET "{destination}"')
    agi_command(f"EXEC Dial PJSIP/{destination},30")
    return 0


if __name__ == "__main__":
    sys.exit(main())
