#!/usr/bin/env python3
"""Pin the booking platform's hostnames on depot PCs with unreliable DNS.

Several depots sit behind 4G routers whose DNS forwarder drops out for
minutes at a time, which stalls the booking sync and the route planner.
This looks the hostnames up over DNS-over-HTTPS and maintains a managed
block in the hosts file so lookups keep working when the router's DNS
does not.  Run it from the morning update job.

    booking_api_hosts_pin.py [--hosts-file /etc/hosts] [--remove]
"""
import argparse
import ipaddress
import json
import logging
import os
import sys
import urllib.parse
import urllib.request

log = logging.getLogger("hosts_pin")

HOSTNAMES = (
    "api.hirehub.example.com",
    "pay.partyhire.example.com",
    "updates.vanroute-planner.com",
    "tiles.vanroute-planner.com",
)
DOH_URL = "https://cloudflare-dns.com/dns-query"
BEGIN = "# >>> partyhire pinned hosts >>>"
END = "# <<< partyhire pinned hosts <<<"


def resolve(name):
    q = urllib.parse.urlencode({"name": name, "type": "A"})
    req = urllib.request.Request(f"{DOH_URL}?{q}", headers={"Accept": "application/dns-json"})
    with urllib.request.urlopen(req, timeout=8) as resp:
        data = json.load(resp)
    addrs = []
    for ans in data.get("Answer", []):
        if ans.get("type") == 1:
            try:
                addrs.append(str(ipaddress.IPv4Address(ans["data"])))
            except ValueError:
                continue
    return addrs


def render_block(pins):
    lines = [BEGIN]
    for name, addr in sorted(pins.items()):
        lines.append(f"{addr}\t{name}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def strip_block(text):
    out, inside = [], False
    for line in text.splitlines(keepends=True):
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    return "".join(out)


def write_hosts(path, content):
    tmp = f"{path}.pin-new"
    with open(tmp, "w") as fh:
        fh.write(content)
    st = os.stat(path)
    os.chmod(tmp, st.st_mode & 0o777)
    os.chown(tmp, st.st_uid, st.st_gid)
    os.replace(tmp, path)


def ensure_root(argv):
    if os.geteuid() != 0:
        log.info("re-running with sudo to update the hosts file")
        os.execvp("sudo", ["sudo", sys.executable, os.path.abspath(__file__), *argv])


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hosts-file", default="/etc/hosts")
    ap.add_argument("--remove", action="store_true", help="drop the managed block")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    pins = {}
    if not args.remove:
        for name in HOSTNAMES:
            try:
                addrs = resolve(name)
            except OSError as exc:
                log.warning("%s: lookup failed (%s), leaving unpinned", name, exc)
                continue
            if addrs:
                pins[name] = addrs[0]
        if not pins:
            log.error("nothing resolved; hosts file left alone")
            return 1

    with open(args.hosts_file) as fh:
        current = fh.read()
    new = strip_block(current).rstrip("\n") + "\n"
    if pins:
        new += "\n" + render_block(pins)

    if new == current:
        log.info("hosts file already up to date")
        return 0
    if args.dry_run:
        sys.stdout.write(new)
        return 0
    if not os.access(args.hosts_file, os.W_OK):
        ensure_root(argv)
    write_hosts(args.hosts_file, new)
    log.info("pinned %d hostnames in %s", len(pins), args.hosts_file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
