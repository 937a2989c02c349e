#!/usr/bin/env python3
"""Render logrotate policies for our services from a single JSON inventory.

The inventory (services.json) lists each service with its log globs and
retention class; this tool turns that into one logrotate stanza file per
service under ./build/logrotate.d, removing files for services that have
left the inventory. The packaging job picks the directory up from there.

    {
      "defaults": {"retention": "standard"},
      "services": {
        "billing-api": {"logs": ["/var/log/billing/*.log"], "owner": "billing"},
        "mta-hooks":   {"logs": ["/var/log/mta-hooks.log"], "retention": "audit"}
      }
    }
"""

import argparse
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("logrotate-policy-render")

MARKER = "# managed by logrotate-policy-render"
RETENTION = {
    "short":    {"freq": "daily",   "rotate": 7,   "compress": True},
    "standard": {"freq": "daily",   "rotate": 30,  "compress": True},
    "audit":    {"freq": "weekly",  "rotate": 104, "compress": True},
    "debug":    {"freq": "hourly",  "rotate": 24,  "compress": False},
}


def stanza(name, spec, defaults):
    cls = spec.get("retention", defaults.get("retention", "standard"))
    policy = RETENTION[cls]
    owner = spec.get("owner", "root")
    group = spec.get("group", owner)
    lines = [MARKER, f"# service: {name}  retention: {cls}"]
    lines.append(" ".join(spec["logs"]) + " {")
    lines += [f"    {policy['freq']}", f"    rotate {policy['rotate']}",
              "    missingok", "    notifempty", "    dateext",
              f"    su {owner} {group}",
              f"    create 0640 {owner} {group}"]
    if policy["compress"]:
        lines += ["    compress", "    delaycompress"]
    if spec.get("reload"):
        lines += ["    sharedscripts", "    postrotate",
                  f"        {spec['reload']} >/dev/null 2>&1 || true",
                  "    endscript"]
    lines.append("}")
    return "\n".join(lines) + "\n"


def digest(text):
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def managed_files(target):
    for p in target.iterdir():
        try:
            if p.is_file() and p.read_text().startswith(MARKER):
                yield p
        except (OSError, UnicodeDecodeError):
            continue


def write_policy(path, text, dry_run):
    if path.exists() and path.read_text() == text:
        log.debug("%s unchanged", path)
        return False
    log.info("%s %s (%s)", "would write" if dry_run else "writing", path, digest(text))
    if dry_run:
        return True
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)
    return True


def sync(inventory, target, dry_run=False, prune=True):
    defaults = inventory.get("defaults", {})
    wanted = {}
    for name, spec in sorted(inventory.get("services", {}).items()):
        if not spec.get("logs"):
            log.warning("service %s has no logs, skipped", name)
            continue
        if spec.get("retention", defaults.get("retention", "standard")) not in RETENTION:
            log.error("service %s: unknown retention class", name)
            continue
        wanted[f"svc-{name}"] = stanza(name, spec, defaults)

    changed = 0
    for fname, text in wanted.items():
        changed += write_policy(target / fname, text, dry_run)

    if prune:
        for p in managed_files(target):
            if p.name not in wanted:
                log.info("%s stale %s", "would remove" if dry_run else "removing", p)
                if not dry_run:
                    p.unlink()
                changed += 1
    return changed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inventory", nargs="?", default="services.json")
    ap.add_argument("-t", "--target", default="build/logrotate.d")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("--no-prune", dest="prune", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        inventory = json.loads(Path(args.inventory).read_text())
    except (OSError, ValueError) as exc:
        log.error("cannot load inventory: %s", exc)
        return 2
    target = Path(args.target)
    target.mkdir(parents=True, exist_ok=True)
    n = sync(inventory, target, args.dry_run, args.prune)
    log.info("%d change(s)", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
