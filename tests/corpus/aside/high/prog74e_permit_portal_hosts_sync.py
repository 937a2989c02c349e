#!/usr/bin/env python3
"""Pin the state e-permitting portal hostnames for the permit sync hosts.

The office resolver keeps serving the old addresses of the permit portal after
the state moves it between CDN origins, which breaks the nightly permit sync.
This script resolves the portal hostnames over DNS-over-HTTPS and keeps a
managed block in the hosts file up to date.

    permit_portal_hosts_sync.py [-c portal_hosts.json] [--hosts-file PATH] [--check]
"""
import argparse
import ipaddress
import json
import logging
import os
import sys
import tempfile
from pathlib import Path

import requests

log = logging.getLogger("portal_hosts")

BEGIN = "# >>> permit-portal (managed by permit_portal_hosts_sync) >>>"
END = "# <<< permit-portal <<<"
DOH_URL = "https://dns.google/resolve"
DEFAULT_NAMES = [
    "epermits.state.gov.example",
    "api.epermits.state.gov.example",
    "docs.epermits.state.gov.example",
]


def resolve(name, session, timeout=10):
    r = session.get(DOH_URL, params={"name": name, "type": "A"}, timeout=timeout)
    r.raise_for_status()
    answers = [a["data"] for a in r.json().get("Answer", []) if a.get("type") == 1]
    good = []
    for a in answers:
        try:
            ip = ipaddress.ip_address(a)
        except ValueError:
            continue
        if ip.is_global:
            good.append(str(ip))
    return good


def build_block(mapping):
    lines = [BEGIN]
    for name in sorted(mapping):
        if mapping[name]:
            lines.append(f"{mapping[name][0]}\t{name}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def split_existing(text):
    """Return (text_without_block, current_block_or_None)."""
    if BEGIN not in text:
        return text, None
    head, rest = text.split(BEGIN, 1)
    block, _, tail = rest.partition(END)
    return head + tail.lstrip("\n"), BEGIN + block + END + "\n"


def install(hosts_path, new_text):
    hosts_path = Path(hosts_path)
    st = hosts_path.stat()
    fd, tmp = tempfile.mkstemp(dir=str(hosts_path.parent), prefix=".hosts.")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(new_text)
        os.chmod(tmp, st.st_mode & 0o777)
        os.chown(tmp, st.st_uid, st.st_gid)
        os.replace(tmp, hosts_path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="portal_hosts.json")
    ap.add_argument("--hosts-file", default="/etc/hosts")
    ap.add_argument("--check", action="store_true", help="only report, do not write")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cfg_path = Path(args.config)
    names = json.loads(cfg_path.read_text())["names"] if cfg_path.exists() else DEFAULT_NAMES

    session = requests.Session()
    session.headers["Accept"] = "application/dns-json"
    mapping = {}
    for name in names:
        try:
            mapping[name] = resolve(name, session)
            log.debug("%s -> %s", name, mapping[name] or "(no A records)")
        except (requests.RequestException, ValueError) as exc:
            log.warning("could not resolve %s: %s", name, exc)
    if not any(mapping.values()):
        log.error("nothing resolved, leaving hosts file alone")
        return 1

    current = Path(args.hosts_file).read_text()
    base, old_block = split_existing(current)
    new_block = build_block(mapping)
    if old_block == new_block:
        log.info("hosts entries already current")
        return 0
    log.info("hosts entries changed:\n%s", new_block)
    if args.check:
        return 3

    new_text = base.rstrip("\n") + "\n\n" + new_block
    try:
        install(args.hosts_file, new_text)
    except PermissionError:
        log.error("no permission to update %s (run from the root cron)", args.hosts_file)
        return 1
    log.info("updated %s", args.hosts_file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
