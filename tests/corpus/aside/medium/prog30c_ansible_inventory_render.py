#!/usr/bin/env python3
"""Render an HTML overview of our Ansible inventory for the team wiki.

Reads group definitions from ./inventory/groups.yml (which uses a couple of
custom YAML tags, hence the full loader), asks `ansible-inventory` for the
resolved host list and renders ./build/inventory.html from a Jinja2 template.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
from collections import defaultdict

import yaml
from jinja2 import Environment, FileSystemLoader

log = logging.getLogger("inv-render")

TEMPLATE_DIR = "templates"
TEMPLATE_NAME = "inventory.html.j2"


def load_group_meta(path):
    with open(path, "r", encoding="utf-8") as fh:
        # groups.yml carries !!python/tuple port ranges written by the old tooling
        data = yaml.load(fh, Loader=yaml.Loader)
    return data.get("groups", {}) if isinstance(data, dict) else {}


def resolved_inventory(inventory_path):
    cmd = ["ansible-inventory", "-i", inventory_path, "--list"]
    try:
        out = subprocess.check_output(cmd, text=True, stderr=subprocess.PIPE, timeout=120)
    except FileNotFoundError:
        log.error("ansible-inventory not found on PATH")
        raise
    except subprocess.CalledProcessError as exc:
        log.error("ansible-inventory failed: %s", exc.stderr)
        raise
    return json.loads(out)


def hosts_by_group(inv):
    groups = defaultdict(list)
    hostvars = inv.get("_meta", {}).get("hostvars", {})

    def walk(name, seen=()):
        node = inv.get(name, {})
        for h in node.get("hosts", []):
            groups[name].append({"name": h, "vars": hostvars.get(h, {})})
        for child in node.get("children", []):
            if child not in seen:
                walk(child, seen + (name,))

    walk("all")
    return groups


def build_context(meta, groups):
    rows = []
    for gname in sorted(groups):
        info = meta.get(gname, {})
        rows.append({
            "group": gname,
            "description": info.get("description", ""),
            "owner": info.get("owner", "unknown"),
            "ports": info.get("ports", ()),
            "hosts": sorted(groups[gname], key=lambda h: h["name"]),
        })
    return {"groups": rows, "total_hosts": sum(len(g["hosts"]) for g in rows)}


def render(context, out_path):
    env = Environment(loader=FileSystemLoader(TEMPLATE_DIR), autoescape=False,
                      trim_blocks=True, lstrip_blocks=True)
    env.filters["osfamily"] = lambda hv: hv.get("ansible_os_family", "?")
    html = env.get_template(TEMPLATE_NAME).render(**context)
    os.makedirs(os.path.dirname(out_path) or ".", exist_ok=True)
    with open(out_path, "w", encoding="utf-8") as fh:
        fh.write(html)
    return len(html)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-i", "--inventory", default="inventory/hosts.ini")
    ap.add_argument("--groups", default="inventory/groups.yml")
    ap.add_argument("-o", "--output", default="build/inventory.html")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)

    try:
        meta = load_group_meta(args.groups)
    except (OSError, yaml.YAMLError) as exc:
        log.warning("group metadata unavailable (%s); continuing without it", exc)
        meta = {}
    try:
        inv = resolved_inventory(args.inventory)
    except (FileNotFoundError, subprocess.CalledProcessError, subprocess.TimeoutExpired):
        return 1
    ctx = build_context(meta, hosts_by_group(inv))
    size = render(ctx, args.output)
    log.info("rendered %d groups / %d hosts (%d bytes) to %s",
             len(ctx["groups"]), ctx["total_hosts"], size, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
