#!/usr/bin/env python3
"""Pin the channel manager's API hostnames on the park office gateway.

The site's satellite uplink uses the ISP's resolver, which regularly fails
to resolve the channel manager's regional endpoints for minutes at a time and
stalls the booking sync. This resolves the endpoints over a reliable path
(DNS-over-HTTPS JSON API), checks each address answers on 443, and maintains
a managed block in the hosts file so the sync always has an address.
"""
import argparse
import json
import logging
import os
import socket
import sys
import tempfile
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("hostspin")

BEGIN = "# >>> pitchline endpoints (managed by booking_api_hosts_pin) >>>"
END = "# <<< pitchline endpoints <<<"
DOH = "https://dns.google/resolve"
DEFAULT_NAMES = ["api.pitchline.example", "eu-west.api.pitchline.example",
                 "telemetry.pitchline.example"]


def doh_lookup(name):
    url = DOH + "?" + urllib.parse.urlencode({"name": name, "type": "A"})
    with urllib.request.urlopen(url, timeout=8) as resp:
        data = json.load(resp)
    return [a["data"] for a in data.get("Answer", []) if a.get("type") == 1]


def reachable(addr, port=443, timeout=3):
    try:
        with socket.create_connection((addr, port), timeout=timeout):
            return True
    except OSError:
        return False


def pick_addresses(names):
    chosen = {}
    for name in names:
        try:
            addrs = doh_lookup(name)
        except OSError as exc:
            log.warning("%s: lookup failed (%s)", name, exc)
            continue
        live = [a for a in addrs if reachable(a)]
        if live:
            chosen[name] = live[0]
            log.info("%s -> %s", name, live[0])
        else:
            log.warning("%s: no reachable address among %s", name, addrs)
    return chosen


def render_block(mapping):
    lines = [BEGIN] + [f"{addr}\t{name}" for name, addr in sorted(mapping.items())] + [END]
    return "\n".join(lines) + "\n"


def merge(existing, block):
    out, skipping = [], False
    for line in existing.splitlines(keepends=True):
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    text = "".join(out)
    if text and not text.endswith("\n"):
        text += "\n"
    return text + block


def write_hosts(path, content):
    target = Path(path)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".hosts.")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(content)
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", default=DEFAULT_NAMES)
    ap.add_argument("--hosts", default="/etc/hosts")
    ap.add_argument("--remove", action="store_true", help="drop the managed block")
    ap.add_argument("--print", dest="show", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.show and os.geteuid() != 0 and args.hosts.startswith("/etc/"):
        log.info("re-running with sudo to update %s", args.hosts)
        os.execvp("sudo", ["sudo", sys.executable, os.path.abspath(__file__), *sys.argv[1:]])

    block = "" if args.remove else render_block(pick_addresses(args.names))
    if not args.remove and block.count("\n") <= 2:
        log.error("nothing resolved; leaving %s untouched", args.hosts)
        sys.exit(1)
    current = Path(args.hosts).read_text()
    updated = merge(current, block)
    if args.show:
        sys.stdout.write(updated)
        return
    if updated == current:
        log.info("hosts file already up to date")
        return
    write_hosts(args.hosts, updated)
    log.info("updated %s", args.hosts)


if __name__ == "__main__":
    main()
