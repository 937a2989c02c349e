#!/usr/bin/env python3
"""Render a hosts-file fragment from an inventory YAML for review.

Output goes to ./build/hosts.generated in the working directory; nothing is
installed. The OS name from /etc/os-release is stamped into the header.
"""
import argparse
import ipaddress
import logging
from contextlib import contextmanager
from functools import reduce
from itertools import groupby
from operator import itemgetter
from pathlib import Path

import yaml

log = logging.getLogger("hosts-preview")
MARK_BEGIN, MARK_END = "# >>> inventory >>>", "# <<< inventory <<<"


def os_pretty_name(path="/etc/os-release"):
    try:
        with open(path, encoding="utf-8") as fh:
            pairs = (line.rstrip("\n").split("=", 1) for line in fh if "=" in line)
            return dict(pairs).get("PRETTY_NAME", "unknown").strip('"')
    except OSError:
        return "unknown"


def load_inventory(path):
    with open(path, encoding="utf-8") as fh:
        doc = yaml.safe_load(fh) or {}
    return [
        {"ip": str(ipaddress.ip_address(h["ip"])), "name": h["name"], "group": g}
        for g, hosts in doc.get("groups", {}).items()
        for h in hosts
        if h.get("enabled", True)
    ]


def render(entries, header):
    by_ip = itemgetter("ip")
    lines = [MARK_BEGIN, f"# generated for {header}"]
    for ip, grp in groupby(sorted(entries, key=by_ip), key=by_ip):
        names = sorted({e["name"] for e in grp})
        lines.append(f"{ip:<16} {' '.join(names)}")
    lines.append(MARK_END)
    return "\n".join(lines) + "\n"


@contextmanager
def staged(path: Path):
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        yield fh
    tmp.replace(path)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inventory", help="inventory YAML")
    ap.add_argument("--out", default="build/hosts.generated")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        entries = load_inventory(args.inventory)
    except (OSError, ValueError, KeyError, yaml.YAMLError) as exc:
        log.error("bad inventory: %s", exc)
        return 1

    counts = reduce(lambda acc, e: {**acc, e["group"]: acc.get(e["group"], 0) + 1}, entries, {})
    text = render(entries, os_pretty_name())
    out = Path(args.out)
    if out.is_absolute() or ".." in out.parts:
        log.error("refusing to write outside the working directory: %s", out)
        return 2
    with staged(out) as fh:
        fh.write(text)
    for group, n in sorted(counts.items()):
        log.info("%-12s %d host(s)", group, n)
    log.info("preview written to %s", out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
