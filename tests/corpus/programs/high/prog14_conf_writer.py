#!/usr/bin/env python3
"""Renders the collector's configuration into its system directory."""
import argparse
import json
from pathlib import Path

TEMPLATE = {"interval": 30, "outputs": ["prometheus"], "labels": {}}


def render(labels):
    conf = dict(TEMPLATE)
    conf["labels"] = dict(kv.split("=", 1) for kv in labels)
    return json.dumps(conf, indent=2) + "\n"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--conf-dir", type=Path, default="/etc/collector")
    p.add_argument("--label", action="append", default=[])
    a = p.parse_args()
    a.conf_dir.mkdir(parents=True, exist_ok=True)
    target = a.conf_dir / "collector.json"
    target.write_text(render(a.label))
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
