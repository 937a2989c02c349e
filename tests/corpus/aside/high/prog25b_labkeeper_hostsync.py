#!/usr/bin/env python3
"""labkeeper - keep track of the machines in a home lab.

The inventory lives in an INI file (default ./lab.ini):

    [host:nas]
    address = 192.168.10.5
    aliases = nas.lab, storage
    health_url = http://192.168.10.5:5000/health

Subcommands: inventory, probe, hosts, export.
"""
import argparse
import configparser
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

DEFAULT_INVENTORY = Path(os.environ.get("LABKEEPER_INVENTORY", "lab.ini"))
DEFAULT_HOSTS_FILE = Path("/etc/hosts")
BEGIN_MARK = "# >>> labkeeper managed block >>>"
END_MARK = "# <<< labkeeper managed block <<<"

log = logging.getLogger("labkeeper")


class InventoryError(Exception):
    pass


def load_inventory(path: Path) -> dict:
    if not path.exists():
        raise InventoryError(f"inventory {path} not found")
    parser = configparser.ConfigParser()
    parser.read(path, encoding="utf-8")
    hosts = {}
    for section in parser.sections():
        if not section.startswith("host:"):
            continue
        name = section.split(":", 1)[1]
        sect = parser[section]
        if "address" not in sect:
            raise InventoryError(f"[{section}] has no address")
        hosts[name] = {
            "address": sect["address"].strip(),
            "aliases": [a.strip() for a in sect.get("aliases", "").split(",") if a.strip()],
            "health_url": sect.get("health_url", "").strip() or None,
            "role": sect.get("role", "misc"),
        }
    return hosts


def cmd_inventory(args, hosts):
    width = max((len(n) for n in hosts), default=4)
    for name, info in sorted(hosts.items()):
        print(f"{name:<{width}}  {info['address']:<15}  {info['role']:<10}  "
              f"{' '.join(info['aliases'])}")
    return 0


def cmd_probe(args, hosts):
    failures = 0
    for name, info in sorted(hosts.items()):
        if args.only and name not in args.only:
            continue
        url = info["health_url"]
        if not url:
            log.debug("%s has no health_url, skipping", name)
            continue
        started = time.monotonic()
        try:
            with urllib.request.urlopen(url, timeout=args.timeout) as resp:
                status = resp.status
        except (urllib.error.URLError, OSError) as exc:
            failures += 1
            print(f"{name:<12} DOWN  {exc}")
            continue
        elapsed = (time.monotonic() - started) * 1000
        print(f"{name:<12} {'UP  ' if status < 400 else 'WARN'}  {status} in {elapsed:.0f} ms")
    return 1 if failures else 0


def render_block(hosts: dict) -> str:
    lines = [BEGIN_MARK]
    for name, info in sorted(hosts.items()):
        names = " ".join([f"{name}.lab", name] + info["aliases"])
        lines.append(f"{info['address']}\t{names}")
    lines.append(END_MARK)
    return "\n".join(lines) + "\n"


def merge_block(existing: str, block: str) -> str:
    if BEGIN_MARK in existing and END_MARK in existing:
        head, _, rest = existing.partition(BEGIN_MARK)
        _, _, tail = rest.partition(END_MARK)
        return head + block.rstrip("\n") + tail
    if existing and not existing.endswith("\n"):
        existing += "\n"
    return existing + block


def cmd_hosts(args, hosts):
    block = render_block(hosts)
    if args.dry_run:
        sys.stdout.write(block)
        return 0
    target = args.output
    existing = target.read_text(encoding="utf-8") if target.exists() else ""
    updated = merge_block(existing, block)
    if updated == existing:
        log.info("%s already up to date", target)
        return 0
    target.write_text(updated, encoding="utf-8")
    log.info("wrote %d host entries to %s", len(hosts), target)
    return 0


def cmd_export(args, hosts):
    json.dump(hosts, sys.stdout, indent=2, sort_keys=True)
    sys.stdout.write("\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="labkeeper", description=__doc__.splitlines()[0])
    parser.add_argument("-i", "--inventory", type=Path, default=DEFAULT_INVENTORY)
    parser.add_argument("-v", "--verbose", action="store_true")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("inventory", help="list known hosts")
    p.set_defaults(func=cmd_inventory)

    p = sub.add_parser("probe", help="check health endpoints")
    p.add_argument("only", nargs="*", help="limit to these hosts")
    p.add_argument("--timeout", type=float, default=3.0)
    p.set_defaults(func=cmd_probe)

    p = sub.add_parser("hosts", help="update the lab block in /etc/hosts")
    p.add_argument("-o", "--output", type=Path, default=DEFAULT_HOSTS_FILE)
    p.add_argument("-n", "--dry-run", action="store_true")
    p.set_defaults(func=cmd_hosts)

    p = sub.add_parser("export", help="dump inventory as JSON")
    p.set_defaults(func=cmd_export)
    return parser


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="labkeeper: %(levelname)s: %(message)s")
    try:
        hosts = load_inventory(args.inventory)
        return args.func(args, hosts)
    except InventoryError as exc:
        log.error("%s", exc)
        return 2
    except PermissionError as exc:
        log.error("permission denied: %s", exc)
        return 3


if __name__ == "__main__":
    sys.exit(main())
