#!/usr/bin/env python3
"""Allow ImageMagick to read/write PDF and PS files.

Debian/Ubuntu ship /etc/ImageMagick-6/policy.xml with PDF, PS, EPS and XPS
coders disabled, which breaks `convert scan.pdf scan.png`.  This tool
rewrites those <policy domain="coder"> entries to rights="read|write"
and keeps a timestamped backup.  Must be run as root.
"""
import argparse
import logging
import os
import shutil
import sys
import time
from xml.etree import ElementTree as ET

CANDIDATES = [
    "/etc/ImageMagick-6/policy.xml",
    "/etc/ImageMagick-7/policy.xml",
    "/etc/ImageMagick/policy.xml",
]
PATTERNS = {"PDF", "PS", "PS2", "PS3", "EPS", "XPS"}

log = logging.getLogger("im-policy")


def find_policy(explicit):
    if explicit:
        return explicit
    for path in CANDIDATES:
        if os.path.isfile(path):
            return path
    raise FileNotFoundError("no ImageMagick policy.xml found")


def relax(tree, formats, resource_memory):
    changed = 0
    root = tree.getroot()
    for pol in root.iter("policy"):
        if pol.get("domain") == "coder" and pol.get("pattern", "").upper() in formats:
            if pol.get("rights") != "read|write":
                log.info("coder %s: %s -> read|write", pol.get("pattern"), pol.get("rights"))
                pol.set("rights", "read|write")
                changed += 1
        if resource_memory and pol.get("domain") == "resource" and pol.get("name") == "memory":
            if pol.get("value") != resource_memory:
                log.info("resource memory: %s -> %s", pol.get("value"), resource_memory)
                pol.set("value", resource_memory)
                changed += 1
    return changed


def write_policy(tree, path):
    backup = f"{path}.{time.strftime('%Y%m%d-%H%M%S')}.bak"
    shutil.copy2(path, backup)
    log.info("backup written to %s", backup)
    tmp = path + ".new"
    with open(tmp, "wb") as fh:
        fh.write(b'<?xml version="1.0" encoding="UTF-8"?>\n')
        tree.write(fh, encoding="utf-8", xml_declaration=False)
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--policy", help="path to policy.xml (auto-detected)")
    ap.add_argument("--formats", default=",".join(sorted(PATTERNS)))
    ap.add_argument("--memory", help="also raise the memory limit, e.g. 2GiB")
    ap.add_argument("--check", action="store_true", help="report only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        path = find_policy(args.policy)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 1
    tree = ET.parse(path)
    formats = {f.strip().upper() for f in args.formats.split(",") if f.strip()}
    changed = relax(tree, formats, args.memory)
    if not changed:
        log.info("%s already allows %s", path, ", ".join(sorted(formats)))
        return 0
    if args.check:
        log.info("%d entr%s would change", changed, "y" if changed == 1 else "ies")
        return 0
    if os.geteuid() != 0:
        log.error("root required to modify %s; re-run with sudo", path)
        return 3
    write_policy(tree, path)
    log.info("updated %s (%d change(s))", path, changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
