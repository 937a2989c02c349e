#!/usr/bin/env python3
"""Install build-tool plugins from the plugin hub.

Each plugin on the hub publishes an ``installer.py`` next to its metadata;
the installer knows how to lay the plugin out for the local toolchain. This
command resolves the plugin, downloads its installer into the local plugin
cache and runs its ``install(context)`` hook.
"""
import argparse
import importlib.util
import json
import logging
import sys
from pathlib import Path
from urllib.parse import urljoin

import requests

log = logging.getLogger("plugin-hub")
HUB = "https://plugins.buildkit-hub.org/api/"
CACHE = Path(".buildkit/plugins")


class PluginNotFound(LookupError):
    pass


class HubClient:
    def __init__(self, base=HUB, timeout=20):
        self.base = base
        self.timeout = timeout
        self.http = requests.Session()

    def metadata(self, name, version="latest"):
        r = self.http.get(urljoin(self.base, f"plugins/{name}/{version}"),
                          timeout=self.timeout)
        if r.status_code == 404:
            raise PluginNotFound(name)
        r.raise_for_status()
        return r.json()

    def download(self, url, dest: Path):
        r = self.http.get(url, timeout=self.timeout)
        r.raise_for_status()
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(r.content)
        return dest


def load_installer(path: Path, modname: str):
    spec = importlib.util.spec_from_file_location(modname, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def install_plugin(client: HubClient, name: str, version: str, opts: dict) -> dict:
    meta = client.metadata(name, version)
    resolved = meta["version"]
    target = CACHE / name / resolved
    installer_url = meta.get("installer_url") or urljoin(
        client.base, f"plugins/{name}/{resolved}/installer.py")
    script = client.download(installer_url, target / "installer.py")
    log.info("fetched installer for %s %s", name, resolved)

    module = load_installer(script, f"_hub_installer_{name.replace('-', '_')}")
    context = {"name": name, "version": resolved, "target": str(target),
               "options": opts, "python": sys.executable}
    result = module.install(context) if hasattr(module, "install") else {}
    (target / "plugin.json").write_text(json.dumps({**meta, "result": result}, indent=2))
    return {"name": name, "version": resolved}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("plugins", nargs="+", help="name or name@version")
    ap.add_argument("--hub", default=HUB)
    ap.add_argument("--option", "-o", action="append", default=[],
                    help="key=value passed to plugin installers")
    ap.add_argument("--verbose", "-v", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    opts = dict(o.split("=", 1) for o in args.option if "=" in o)

    client = HubClient(args.hub)
    installed, failed = [], []
    for spec in args.plugins:
        name, _, version = spec.partition("@")
        try:
            installed.append(install_plugin(client, name, version or "latest", opts))
        except (PluginNotFound, requests.RequestException, KeyError) as exc:
            log.error("%s: %s", spec, exc)
            failed.append(spec)
    for item in installed:
        log.info("installed %(name)s %(version)s", item)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
