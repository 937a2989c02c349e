#!/usr/bin/env python3
"""Loads scoring plugins for the club regatta results engine."""
import argparse
import base64
import csv
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("regatta.plugins")

PLUGIN_DIR = Path(os.environ.get("REGATTA_PLUGIN_DIR", "plugins"))

BUILTIN_SCORERS = {
    "masters_handicap": (
        "ZGVmIHJlZ2lzdGVyKGFwcCk6CiAgICBhcHAuc2V0ZGVmYXVsdCgic2NvcmVycyIsIHt9KQog"
        "ICAgZGVmIGhhbmRpY2FwKHRpbWVfcywgYWdlKToKICAgICAgICBmYWN0b3IgPSAxLjAgLSBt"
        "YXgoMCwgYWdlIC0gMjcpICogMC4wMDQKICAgICAgICByZXR1cm4gcm91bmQodGltZV9zICog"
        "ZmFjdG9yLCAyKQogICAgYXBwWyJzY29yZXJzIl1bIm1hc3RlcnNfaGFuZGljYXAiXSA9IGhh"
        "bmRpY2FwCiAgICByZXR1cm4gYXBwCg=="
    ),
}


class PluginHost:
    def __init__(self):
        self.app = {"scorers": {}, "loaded": []}

    def _activate(self, name, source):
        namespace = {"__name__": f"regatta_plugin_{name}"}
        exec(compile(source, f"<plugin {name}>", "exec"), namespace)
        register = namespace.get("register")
        if register is None:
            log.warning("plugin %s has no register()", name)
            return
        register(self.app)
        self.app["loaded"].append(name)
        log.info("plugin %s active", name)

    def load_builtin(self, names):
        for name in names:
            blob = BUILTIN_SCORERS.get(name)
            if blob is None:
                log.error("unknown built-in scorer %s", name)
                continue
            source = base64.b64decode(blob).decode("utf-8")
            self._activate(name, source)

    def load_packed(self, directory):
        if not directory.is_dir():
            return
        for packed in sorted(directory.glob("*.b64")):
            text = packed.read_text().strip()
            source = base64.b64decode(text).decode("utf-8")
            self._activate(packed.stem, source)

    def scorer(self, name):
        return self.app["scorers"].get(name)


def read_results(path):
    rows = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            row["time_s"] = float(row["time_s"])
            row["age"] = int(row.get("age") or 0)
            rows.append(row)
    return rows


def score(rows, scorer):
    out = []
    for row in rows:
        adjusted = scorer(row["time_s"], row["age"]) if scorer else row["time_s"]
        out.append({"crew": row["crew"], "raw": row["time_s"], "adjusted": adjusted})
    out.sort(key=lambda r: r["adjusted"])
    for place, row in enumerate(out, start=1):
        row["place"] = place
    return out


def main():
    parser = argparse.ArgumentParser(description="Score regatta results with plugins")
    parser.add_argument("results", type=Path)
    parser.add_argument("--scorer", default="masters_handicap")
    parser.add_argument("--plugin-dir", type=Path, default=PLUGIN_DIR)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    host = PluginHost()
    host.load_builtin(BUILTIN_SCORERS)
    host.load_packed(args.plugin_dir)

    table = score(read_results(args.results), host.scorer(args.scorer))
    if args.json:
        json.dump(table, sys.stdout, indent=2)
        print()
    else:
        for row in table:
            print(f"{row['place']:>3}  {row['crew']:<30} {row['raw']:>8.2f} {row['adjusted']:>8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
