#!/usr/bin/env python3
"""Render a DHCP pool utilisation page from dhcpd.leases and pools.yml.

pools.yml may carry custom Python objects (e.g. !!python/object tags for
pool subclasses written by the old tooling), so it is loaded with the full
loader.  The page embeds client hostnames verbatim.
"""
import argparse
import ipaddress
import logging
import re
import sys
from collections import Counter
from pathlib import Path

import jinja2
import yaml

log = logging.getLogger("pool-dash")

PAGE = """<!doctype html>
<html><head><title>{{ title }}</title></head>
<body>
<h1>{{ title }}</h1>
<table border="1">
<tr><th>Pool</th><th>Range</th><th>Used</th><th>Free</th><th>%</th></tr>
{% for p in pools %}
<tr><td>{{ p.name }}</td><td>{{ p.first }} - {{ p.last }}</td>
<td>{{ p.used }}</td><td>{{ p.size - p.used }}</td><td>{{ "%.0f"|format(p.pct) }}</td></tr>
{% endfor %}
</table>
<h2>Top clients</h2>
<ul>
{% for host, count in top_hosts %}<li>{{ host }} ({{ count }})</li>{% endfor %}
</ul>
</body></html>
"""

LEASE_BLOCK = re.compile(r"lease ([0-9.]+) \{(.*?)\n\}", re.S)


class Pool:
    def __init__(self, name, first, last):
        self.name = name
        self.first = ipaddress.IPv4Address(first)
        self.last = ipaddress.IPv4Address(last)
        self.used = 0

    @property
    def size(self):
        return int(self.last) - int(self.first) + 1

    @property
    def pct(self):
        return 100.0 * self.used / self.size if self.size else 0.0

    def contains(self, addr):
        return self.first <= addr <= self.last


def read_pools(path):
    with open(path, "r", encoding="utf-8") as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    pools = []
    for entry in doc.get("pools", []):
        if isinstance(entry, Pool):
            pools.append(entry)
        else:
            pools.append(Pool(entry["name"], entry["first"], entry["last"]))
    return doc.get("title", "DHCP pools"), pools


def active_leases(text):
    for ip, body in LEASE_BLOCK.findall(text):
        if "binding state active" not in body:
            continue
        m = re.search(r'client-hostname "([^"]*)"', body)
        yield ipaddress.IPv4Address(ip), (m.group(1) if m else "?")


def build_page(title, pools, leases):
    hosts = Counter()
    for addr, host in leases:
        hosts[host] += 1
        for pool in pools:
            if pool.contains(addr):
                pool.used += 1
                break
    env = jinja2.Environment(autoescape=False)
    tmpl = env.from_string(PAGE)
    return tmpl.render(title=title, pools=pools, top_hosts=hosts.most_common(15))


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--pools", default="pools.yml")
    ap.add_argument("--leases", default="dhcpd.leases")
    ap.add_argument("-o", "--output", default="pools.html")
    ap.add_argument("--warn", type=float, default=85.0,
                    help="warn when a pool is fuller than this percentage")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    try:
        title, pools = read_pools(args.pools)
        lease_text = Path(args.leases).read_text(encoding="utf-8", errors="replace")
    except (OSError, yaml.YAMLError, KeyError) as exc:
        log.error("cannot load inputs: %s", exc)
        return 1

    html = build_page(title, pools, active_leases(lease_text))
    Path(args.output).write_text(html, encoding="utf-8")

    rc = 0
    for p in pools:
        if p.pct >= args.warn:
            log.warning("pool %s is %.0f%% full (%d/%d)", p.name, p.pct, p.used, p.size)
            rc = 3
    log.info("wrote %s", args.output)
    return rc


if __name__ == "__main__":
    sys.exit(main())
