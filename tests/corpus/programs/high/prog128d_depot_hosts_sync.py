#!/usr/bin/env python3
"""Keep depot server names resolvable on the round planning PCs.

The depots' order printers, float loaders and tablet sync boxes sit on the
site-to-site VPN, which has no DNS of its own.  Head office publishes the
address register as JSON; this tool fetches it and maintains a managed block
in the hosts file so that e.g. `printer.bristol-depot.vpn` works everywhere.
Only lines between the BEGIN/END markers are touched.
"""
import argparse
import ipaddress
import json
import logging
import os
import tempfile
import urllib.request
from pathlib import Path

log = logging.getLogger("depot-hosts")

REGISTER_URL = os.environ.get("DEPOT_REGISTER_URL",
                              "https://ops.frozenrounds.example.com/network/depots.json")
HOSTS_PATH = Path(os.environ.get("HOSTS_FILE", "/etc/hosts"))
BEGIN = "# BEGIN depot-hosts (managed, do not edit)"
END = "# END depot-hosts"


def fetch_register(url, timeout=15):
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "depot-hosts/1.4"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def build_entries(register):
    entries = []
    for depot in register.get("depots", []):
        code = depot.get("code", "").lower()
        for host in depot.get("hosts", []):
            try:
                addr = ipaddress.ip_address(host["ip"])
            except (KeyError, ValueError):
                log.warning("bad address for %s/%s, skipped", code, host.get("name"))
                continue
            fqdn = "{}.{}-depot.vpn".format(host["name"], code)
            entries.append((str(addr), fqdn, host["name"] + "-" + code))
    entries.sort(key=lambda e: (ipaddress.ip_address(e[0]), e[1]))
    return entries


def render_block(entries):
    lines = [BEGIN]
    lines += ["{:<16} {} {}".format(ip, fqdn, alias) for ip, fqdn, alias in entries]
    lines.append(END)
    return "\n".join(lines) + "\n"


def splice(current, block):
    if BEGIN in current and END in current:
        head, rest = current.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        return head + block + tail.lstrip("\n")
    if current and not current.endswith("\n"):
        current += "\n"
    return current + "\n" + block


def write_hosts(path, text):
    fd, tmp = tempfile.mkstemp(prefix=".hosts.", dir=str(path.parent))
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--url", default=REGISTER_URL)
    ap.add_argument("--hosts", type=Path, default=HOSTS_PATH)
    ap.add_argument("--dry-run", action="store_true", help="print the new block only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        register = fetch_register(args.url)
    except (OSError, ValueError) as exc:
        log.error("could not fetch depot register: %s", exc)
        return 1
    entries = build_entries(register)
    if not entries:
        log.error("register contained no usable hosts, leaving hosts file alone")
        return 1
    block = render_block(entries)
    if args.dry_run:
        print(block, end="")
        return 0

    current = args.hosts.read_text() if args.hosts.exists() else ""
    updated = splice(current, block)
    if updated == current:
        log.info("hosts file already up to date (%d entries)", len(entries))
        return 0
    try:
        write_hosts(args.hosts, updated)
    except PermissionError:
        log.error("no permission to write %s; run from the admin account", args.hosts)
        return 2
    log.info("wrote %d depot entries to %s", len(entries), args.hosts)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
