#!/usr/bin/env python3
"""Register challenge hostnames from a CTFd instance against the event's ingress IP.

Many on-site CTFs route every challenge vhost through one ingress address
that is not in public DNS. This pulls the challenge list from the CTFd API,
extracts hostnames from each challenge's connection info, and maintains a
marked block for the event in the system hosts file, replacing the block on
every run so new challenges show up as they are released.

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
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

import requests

log = logging.getLogger("ctfhosts")

HOST_RE = re.compile(r"\b((?:[a-z0-9-]+\.)+[a-z]{2,})\b", re.I)
URL_RE = re.compile(r"https?://[^\s\"'<>]+", re.I)
HOSTS_FILE = Path(os.environ.get("HOSTS_FILE", "/etc/hosts"))


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
    for ch in r.json().get("data", []):
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
    return lines


def strip_block(lines, event):
    out, inside = [], False
    for ln in lines:
        if ln.strip() == f"# BEGIN ctf {event}":
            inside = True
            continue
        if inside and ln.strip() == f"# END ctf {event}":
            inside = False
            continue
        if not inside:
            out.append(ln)
    return out


def rewrite_hosts(event, block):
    current = HOSTS_FILE.read_text().splitlines()
    merged = strip_block(current, event)
    while merged and not merged[-1].strip():
        merged.pop()
    if block:
        merged += [""] + block
    st = HOSTS_FILE.stat()
    fd, tmp = tempfile.mkstemp(dir=HOSTS_FILE.parent, prefix=".hosts.")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write("\n".join(merged) + "\n")
        os.chmod(tmp, st.st_mode & 0o777)
        os.chown(tmp, st.st_uid, st.st_gid)
        os.replace(tmp, HOSTS_FILE)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-e", "--event-file", default="./event.json")
    ap.add_argument("--remove", action="store_true", help="drop the event block and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    ev = load_event(args.event_file)
    if args.remove:
        rewrite_hosts(ev["event"], [])
        log.info("removed %s block from %s", ev["event"], HOSTS_FILE)
        return 0

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

    try:
        rewrite_hosts(ev["event"], render_block(ev["event"], ev["ingress"], names))
    except PermissionError:
        log.error("no write access to %s - run with sudo -E", HOSTS_FILE)
        return 1
    log.info("%d hostnames registered in %s", len(names), HOSTS_FILE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
