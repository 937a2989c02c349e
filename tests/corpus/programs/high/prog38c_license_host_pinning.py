#!/usr/bin/env python3
"""Pin the license-server hostnames named in our license files in /etc/hosts.

Inputs (working directory):
  licenses/*.lic      FlexLM-style files with 'SERVER <host> <hostid> <port>' lines
  license_hosts.ini   [hosts] section mapping server hostname -> IP address

The engineering subnet has no DNS for the license servers, so every
workstation needs them in /etc/hosts.  The tool adds or updates a managed
block between marker comments and leaves everything else untouched.
"""
import argparse
import configparser
import datetime as dt
import ipaddress
import logging
import os
import re
import shutil
import sys
from pathlib import Path

LOG = logging.getLogger("lic-hosts")

HOSTS = Path("/etc/hosts")
BEGIN = "# >>> license servers (managed by lic-hosts) >>>"
END = "# <<< license servers <<<"
SERVER_RE = re.compile(r"^SERVER\s+(\S+)\s+(\S+)(?:\s+(\d+))?", re.IGNORECASE)


def servers_in_licenses(folder: Path) -> dict:
    found = {}
    for lic in sorted(folder.glob("*.lic")):
        for line in lic.read_text(errors="replace").splitlines():
            m = SERVER_RE.match(line.strip())
            if m:
                host, hostid, port = m.groups()
                found[host.lower()] = {"hostid": hostid, "port": port or "27000", "file": lic.name}
    return found


def address_map(ini: Path) -> dict:
    cp = configparser.ConfigParser()
    cp.read(ini)
    out = {}
    if cp.has_section("hosts"):
        for host, addr in cp.items("hosts"):
            ipaddress.ip_address(addr)  # raises on typos
            out[host.lower()] = addr
    return out


def render_block(pairs: dict) -> list:
    stamp = dt.datetime.now().strftime("%Y-%m-%d %H:%M")
    lines = [BEGIN, f"# updated {stamp}"]
    for host in sorted(pairs):
        short = host.split(".")[0]
        names = host if short == host else f"{host} {short}"
        lines.append(f"{pairs[host]}\t{names}")
    lines.append(END)
    return lines


def merge(existing: list, block: list) -> list:
    out, skipping, inserted = [], False, False
    for line in existing:
        if line.strip() == BEGIN:
            skipping = True
            out.extend(block)
            inserted = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    if not inserted:
        if out and out[-1].strip():
            out.append("")
        out.extend(block)
    return out


def ensure_root(argv: list) -> None:
    if os.geteuid() == 0:
        return
    LOG.info("re-running with sudo to edit %s", HOSTS)
    cmd = ["sudo", "--preserve-env=PWD", sys.executable, os.path.abspath(__file__)] + argv
    os.execvp("sudo", cmd)


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--licenses", type=Path, default=Path("licenses"))
    ap.add_argument("--map", type=Path, default=Path("license_hosts.ini"))
    ap.add_argument("--check", action="store_true", help="only report what would change")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    servers = servers_in_licenses(args.licenses)
    addrs = address_map(args.map)
    pairs = {h: addrs[h] for h in servers if h in addrs}
    for missing in sorted(set(servers) - set(addrs)):
        LOG.warning("no address for %s (from %s)", missing, servers[missing]["file"])
    if not pairs:
        LOG.error("nothing to pin")
        return 2

    current = HOSTS.read_text().splitlines()
    updated = merge(current, render_block(pairs))
    if updated == current:
        LOG.info("%s already up to date", HOSTS)
        return 0
    if args.check:
        for line in render_block(pairs):
            print(line)
        return 0

    ensure_root(argv)
    backup = HOSTS.with_name("hosts.lic-hosts.bak")
    shutil.copy2(HOSTS, backup)
    tmp = HOSTS.with_name(".hosts.lic-hosts.tmp")
    tmp.write_text("\n".join(updated) + "\n")
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    os.replace(tmp, HOSTS)
    LOG.info("pinned %d license servers in %s (backup %s)", len(pairs), HOSTS, backup)
    return 0


if __name__ == "__main__":
    sys.exit(main())
