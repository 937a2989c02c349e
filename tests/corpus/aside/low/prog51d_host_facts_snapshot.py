#!/usr/bin/env python3
"""Collect a handful of host facts into ./host-facts.json for bug reports.

Sources and the keys to pull from them are declared in an INI block so that
support can extend the list without touching the parsing code.
"""
import argparse
import configparser
import json
import logging
import os
import platform
from datetime import datetime, timezone

logger = logging.getLogger("host-facts")

SOURCES_INI = r"""
[os]
path = /etc/os-release
style = keyvalue
keys = NAME, VERSION_ID, ID_LIKE

[cpu]
path = /proc/cpuinfo
style = colon
keys = model name, cpu cores, flags

[memory]
path = /proc/meminfo
style = colon
keys = MemTotal, SwapTotal

[load]
path = /proc/loadavg
style = raw
"""


def parse_source(section: configparser.SectionProxy) -> dict:
    wanted = [k.strip() for k in section.get("keys", "").split(",") if k.strip()]
    style = section.get("style", "raw")
    try:
        with open(section["path"], encoding="utf-8", errors="replace") as fh:
            text = fh.read()
    except OSError as exc:
        logger.warning("skip %s: %s", section["path"], exc)
        return {}
    if style == "raw":
        return {"raw": text.strip()}
    sep = "=" if style == "keyvalue" else ":"
    found = {}
    for line in text.splitlines():
        if sep not in line:
            continue
        key, _, value = line.partition(sep)
        key = key.strip()
        if key in wanted and key not in found:
            value = value.strip().strip('"')
            if key == "flags":
                value = len(value.split())
            found[key] = value
    return found


def collect() -> dict:
    parser = configparser.ConfigParser(interpolation=None)
    parser.read_string(SOURCES_INI)
    facts = {"collected_at": datetime.now(timezone.utc).isoformat(),
             "kernel": platform.release(), "machine": platform.machine()}
    for name in parser.sections():
        facts[name] = parse_source(parser[name])
    return facts


def write_facts(facts: dict, destination: str) -> None:
    with open(destination, "w", encoding="utf-8") as fh:
        json.dump(facts, fh, indent=2, sort_keys=True)
    os.chmod(destination, 0o600)
    logger.info("saved %s", destination)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-o", "--output", default="host-facts.json")
    ap.add_argument("--print", dest="echo", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    facts = collect()
    write_facts(facts, args.output)
    if args.echo:
        print(json.dumps(facts, indent=2))


if __name__ == "__main__":
    main()
