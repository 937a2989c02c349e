#!/usr/bin/env python3
"""Summarise ISC dhcpd leases into an HTML report.

Configuration lives in report.yml next to the script; the leases file is a
copy pulled from the DHCP server into the working directory.
"""
import argparse
import collections
import datetime as dt
import logging
import re
from pathlib import Path

import yaml
from jinja2 import Environment, FileSystemLoader, select_autoescape

LOG = logging.getLogger("lease-report")

LEASE_RE = re.compile(r"lease\s+(?P<ip>[\d.]+)\s*\{(?P<body>.*?)\}", re.S)
FIELD_RES = {
    "starts": re.compile(r"starts\s+\d\s+([\d/]+\s[\d:]+);"),
    "ends": re.compile(r"ends\s+\d\s+([\d/]+\s[\d:]+);"),
    "mac": re.compile(r"hardware ethernet\s+([0-9a-f:]{17});", re.I),
    "hostname": re.compile(r'client-hostname\s+"([^"]*)";'),
    "state": re.compile(r"binding state\s+(\w+);"),
}

DEFAULTS = {
    "leases_file": "dhcpd.leases",
    "output": "lease-report.html",
    "template_dir": "templates",
    "template": "leases.html.j2",
    "vendor_prefixes": {},
    "title": "DHCP lease report",
}


def load_config(path: Path) -> dict:
    cfg = dict(DEFAULTS)
    if path.exists():
        with path.open(encoding="utf-8") as fh:
            data = yaml.safe_load(fh) or {}
        if not isinstance(data, dict):
            raise ValueError(f"{path}: top level must be a mapping")
        cfg.update(data)
    return cfg


def parse_time(value):
    if not value:
        return None
    return dt.datetime.strptime(value, "%Y/%m/%d %H:%M:%S")


def parse_leases(text: str) -> list:
    latest = {}
    for match in LEASE_RE.finditer(text):
        body = match.group("body")
        rec = {"ip": match.group("ip")}
        for key, rx in FIELD_RES.items():
            found = rx.search(body)
            rec[key] = found.group(1) if found else None
        rec["starts"] = parse_time(rec["starts"])
        rec["ends"] = parse_time(rec["ends"])
        # dhcpd appends; the last entry for an address wins
        latest[rec["ip"]] = rec
    return sorted(latest.values(), key=lambda r: tuple(int(p) for p in r["ip"].split(".")))


def vendor_for(mac, prefixes: dict) -> str:
    if not mac:
        return "unknown"
    return prefixes.get(mac[:8].lower(), "unknown")


def summarise(leases: list, prefixes: dict) -> dict:
    states = collections.Counter(l["state"] or "unknown" for l in leases)
    vendors = collections.Counter(vendor_for(l["mac"], prefixes) for l in leases)
    now = dt.datetime.utcnow()
    expiring = [l for l in leases
                if l["state"] == "active" and l["ends"]
                and l["ends"] - now < dt.timedelta(hours=1)]
    return {"states": states, "vendors": vendors.most_common(10), "expiring": expiring}


def render(cfg: dict, leases: list, summary: dict) -> str:
    env = Environment(
        loader=FileSystemLoader(cfg["template_dir"]),
        autoescape=select_autoescape(["html", "j2"]),
        trim_blocks=True,
    )
    env.filters["vendor"] = lambda mac: vendor_for(mac, cfg["vendor_prefixes"])
    template = env.get_template(cfg["template"])
    return template.render(title=cfg["title"], leases=leases, summary=summary,
                           generated=dt.datetime.now().isoformat(timespec="seconds"))


def main() -> int:
    ap = argparse.ArgumentParser(description="DHCP lease report")
    ap.add_argument("-c", "--config", default="report.yml")
    ap.add_argument("--leases", help="override leases_file from config")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    try:
        cfg = load_config(Path(args.config))
    except (yaml.YAMLError, ValueError) as exc:
        LOG.error("bad config: %s", exc)
        return 2

    leases_path = Path(args.leases or cfg["leases_file"])
    try:
        leases = parse_leases(leases_path.read_text(encoding="utf-8", errors="replace"))
    except FileNotFoundError:
        LOG.error("no leases file at %s", leases_path)
        return 1

    summary = summarise(leases, cfg["vendor_prefixes"])
    html = render(cfg, leases, summary)
    Path(cfg["output"]).write_text(html, encoding="utf-8")
    LOG.info("%d leases, %d active, report in %s",
             len(leases), summary["states"].get("active", 0), cfg["output"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
