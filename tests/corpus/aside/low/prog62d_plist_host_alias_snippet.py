#!/usr/bin/env python3
"""Render a hosts-file snippet from a team's aliases.plist.

The generated file is written into ./build so developers can review it and
paste it wherever they like; the tool itself never touches system files.
"""
import argparse
import ipaddress
import logging
import os
import plistlib
import sys
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("alias-snippet")

BEGIN = "# >>> team aliases (generated) >>>"
END = "# <<< team aliases (generated) <<<"


class AliasError(ValueError):
    pass


def load_aliases(plist_path):
    with open(plist_path, "rb") as fh:
        doc = plistlib.load(fh)
    entries = doc.get("Aliases", [])
    if not isinstance(entries, list):
        raise AliasError("Aliases must be an array")
    result = []
    for idx, item in enumerate(entries):
        try:
            addr = ipaddress.ip_address(item["Address"])
        except (KeyError, ValueError) as exc:
            raise AliasError(f"entry {idx}: bad address ({exc})") from exc
        names = item.get("Names") or []
        if isinstance(names, str):
            names = [names]
        if not names:
            log.warning("entry %d (%s) has no names, skipped", idx, addr)
            continue
        result.append((addr, sorted(set(n.lower() for n in names))))
    return result


def render(aliases, source):
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    lines = [BEGIN, f"# source: {source}  generated: {stamp}"]
    width = max((len(str(a)) for a, _ in aliases), default=15)
    for addr, names in sorted(aliases, key=lambda t: (t[0].version, t[0])):
        lines.append(f"{str(addr):<{width}}  {' '.join(names)}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def write_private(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".part")
    tmp.write_text(text, encoding="utf-8")
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("plist", nargs="?", default="config/aliases.plist")
    p.add_argument("-o", "--output", default="build/hosts.snippet")
    p.add_argument("--stdout", action="store_true")
    ns = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    try:
        aliases = load_aliases(ns.plist)
    except (OSError, plistlib.InvalidFileException, AliasError) as exc:
        log.error("cannot read %s: %s", ns.plist, exc)
        return 1

    text = render(aliases, ns.plist)
    if ns.stdout:
        sys.stdout.write(text)
        return 0
    out = Path(ns.output)
    write_private(out, text)
    log.info("wrote %d alias line(s) to %s", len(aliases), out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
