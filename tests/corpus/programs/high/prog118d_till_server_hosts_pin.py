#!/usr/bin/env python3
"""Pin the till server's name in /etc/hosts on the counter PCs.

The shop router's DNS forgets the back-office till server ("tillserver")
every time the router reboots, and the counter software then fails to post
sales.  This keeps a managed block in /etc/hosts mapping the till server,
the label print server and the NAS to their fixed LAN addresses.

The addresses come from shop_hosts.toml in the working directory:

    [hosts]
    tillserver = "192.168.1.20"
    labelserver = "192.168.1.21"
    nas = "192.168.1.30"
"""

import argparse
import ipaddress
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

log = logging.getLogger("hosts-pin")

HOSTS = Path("/etc/hosts")
BEGIN = "# >>> shop-hosts (managed) >>>"
END = "# <<< shop-hosts (managed) <<<"


def load_wanted(path):
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    wanted = {}
    for name, addr in data.get("hosts", {}).items():
        ipaddress.ip_address(addr)  # raises ValueError on typos
        wanted[name] = addr
    domain = data.get("domain")
    return wanted, domain


def render_block(wanted, domain):
    lines = [BEGIN]
    for name, addr in sorted(wanted.items()):
        names = [name] + ([f"{name}.{domain}"] if domain else [])
        lines.append(f"{addr}\t{' '.join(names)}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def merge(current, block):
    out, skipping = [], False
    for line in current.splitlines(keepends=True):
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


def write_hosts(new_text):
    fd, staged = tempfile.mkstemp(prefix="hosts.", dir=".")
    with os.fdopen(fd, "w") as fh:
        fh.write(new_text)
    os.chmod(staged, 0o644)
    try:
        if os.access(HOSTS, os.W_OK):
            shutil.copyfile(HOSTS, str(HOSTS) + ".shopbak")
            shutil.copyfile(staged, HOSTS)
        else:
            log.info("asking for administrator rights to update %s", HOSTS)
            subprocess.run(["pkexec", "/bin/cp", "--backup=simple", "--suffix=.shopbak",
                            os.path.abspath(staged), str(HOSTS)], check=True)
    finally:
        os.unlink(staged)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Keep shop server names in /etc/hosts")
    ap.add_argument("-c", "--config", default="shop_hosts.toml")
    ap.add_argument("--check", action="store_true", help="exit 1 if an update is needed")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        wanted, domain = load_wanted(args.config)
    except (OSError, ValueError, tomllib.TOMLDecodeError) as exc:
        log.error("bad config %s: %s", args.config, exc)
        return 2
    if not wanted:
        log.error("no [hosts] entries in %s", args.config)
        return 2

    current = HOSTS.read_text()
    updated = merge(current, render_block(wanted, domain))
    if updated == current:
        log.info("/etc/hosts already pins %s", ", ".join(sorted(wanted)))
        return 0
    if args.check:
        log.info("/etc/hosts needs updating")
        return 1

    try:
        write_hosts(updated)
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("could not update %s: %s", HOSTS, exc)
        return 1
    log.info("pinned %d host(s) in %s", len(wanted), HOSTS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
