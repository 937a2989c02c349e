#!/usr/bin/env python3
"""Render a login banner with a handful of host facts into /etc/motd.d.

Sources and the keys to pull from them are declared in an INI block so that
ops can extend the list without touching the parsing code.
"""
import argparse
import configparser
import logging
import os
import platform
from datetime import datetime, timezone

logger = logging.getLogger("host-banner")

SOURCES_INI = r"""
[banner]
target = /etc/motd.d/20-host-facts
mode = 0644

[os]
path = /etc/os-release
style = keyvalue
keys = PRETTY_NAME

[cpu]
path = /proc/cpuinfo
style = colon
keys = model name, cpu cores

[memory]
path = /proc/meminfo
style = colon
keys = MemTotal
"""


def parse_source(section: configparser.SectionProxy) -> dict:
    wanted = [k.strip() for k in section.get("keys", "").split(",") if k.strip()]
    sep = "=" if section.get("style") == "keyvalue" else ":"
    try:
        with open(section["path"], encoding="utf-8", errors="replace") as fh:
            lines = fh.read().splitlines()
    except OSError as exc:
        logger.warning("skip %s: %s", section["path"], exc)
        return {}
    found = {}
    for line in lines:
        key, _, value = line.partition(sep)
        key = key.strip()
        if key in wanted and key not in found:
            found[key] = value.strip().strip('"')
    return found


def render(parser: configparser.ConfigParser) -> str:
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    rows = [f"  host     : {platform.node()}", f"  kernel   : {platform.release()}"]
    for name in parser.sections():
        if name == "banner":
            continue
        for key, value in parse_source(parser[name]).items():
            rows.append(f"  {key:<9}: {value}")
    rows.append(f"  updated  : {stamp}")
    return "\n".join(["", "== managed host ==", *rows, ""]) + "\n"


def install_banner(text: str, target: str, mode: int) -> None:
    os.makedirs(os.path.dirname(target), exist_ok=True)
    tmp_path = target + ".new"
    with open(tmp_path, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.chmod(tmp_path, mode)
    os.replace(tmp_path, target)
    logger.info("installed %s", target)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--preview", action="store_true", help="print, do not install")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    parser = configparser.ConfigParser(interpolation=None)
    parser.read_string(SOURCES_INI)
    text = render(parser)
    if args.preview:
        print(text)
        return
    banner = parser["banner"]
    install_banner(text, banner["target"], int(banner.get("mode", "0644"), 8))


if __name__ == "__main__":
    main()
