#!/usr/bin/env python3
"""Collect challenge hostnames from a CTFd instance for the event's ingress IP.

Many on-site CTFs route every challenge vhost through one ingress address
that is not in public DNS. This pulls the challenge list from the CTFd API,
extracts hostnames from each challenge's connection info, and writes a
hosts-format block to ./ctf_hosts.<event>.txt that teammates can merge into
their resolver config or feed to `curl --resolve`.

Config (./event.json):
    {"event": "quals24", "ctfd": "https://ctf.example.org", "ingress": "10.66.0.10"}
Environment:
    CTFD_TOKEN   personal access token from the CTFd settings page
"""
import argparse
import json
import logging
import os
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

import requests

log = logging.getLogger("ctfhosts")

HOST_RE = re.compile(r"\b((?:[a-z0-9-]+\.)+[a-z]{2,})\b", re.I)
URL_RE = re.compile(r"https?://[^\s\"'<>]+", re.I)


def load_event(path):
    with open(path) as fh:
        ev = json.load(fh)
    for key in ("event", "ctfd", "ingress"):
        if key not in ev:
            raise SystemExit(f"{path}: missing '{key}'")
    return ev


def fetch_challenges(base, token, timeout=20):
    s = requests.Session()
    s.headers.update({"Authorization": f"Token {token}", "Content-Type": "application/json"})
    r = s.get(f"{base.rstrip('/')}/api/v1/challenges", timeout=timeout)
    r.raise_for_status()
    listing = r.json().get("data", [])
    for ch in listing:
        detail = s.get(f"{base.rstrip('/')}/api/v1/challenges/{ch['id']}", timeout=timeout)
        if detail.ok:
            yield detail.json().get("data", {})


def hostnames_from(challenge, event_domain):
    text = " ".join(str(challenge.get(k) or "") for k in ("connection_info", "description"))
    names = set()
    for url in URL_RE.findall(text):
        host = urlsplit(url).hostname
        if host:
            names.add(host.lower())
    for m in HOST_RE.findall(text):
        names.add(m.lower())
    return {n for n in names if n == event_domain or n.endswith("." + event_domain)}


def render_block(event, ingress, names):
    lines = [f"# BEGIN ctf {event}"]
    lines += [f"{ingress}\t{n}" for n in sorted(names)]
    lines.append(f"# END ctf {event}")
    return "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-e", "--event-file", default="./event.json")
    ap.add_argument("-o", "--output", help="default ./ctf_hosts.<event>.txt")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    ev = load_event(args.event_file)
    token = os.environ.get("CTFD_TOKEN")
    if not token:
        log.error("set CTFD_TOKEN first")
        return 2
    event_domain = ev.get("domain") or urlsplit(ev["ctfd"]).hostname

    names = set()
    try:
        for ch in fetch_challenges(ev["ctfd"], token):
            found = hostnames_from(ch, event_domain)
            if found:
                log.debug("%s: %s", ch.get("name"), ", ".join(sorted(found)))
            names |= found
    except requests.RequestException as exc:
        log.error("CTFd API error: %s", exc)
        return 1

    if not names:
        log.warning("no challenge hostnames under %s found", event_domain)
        return 0

    out = Path(args.output or f"./ctf_hosts.{ev['event']}.txt")
    out.write_text(render_block(ev["event"], ev["ingress"], names))
    out.chmod(0o600)
    log.info("%d hostnames -> %s", len(names), out)
    log.info("merge with your resolver config, or use curl --resolve HOST:443:%s", ev["ingress"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
