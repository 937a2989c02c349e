#!/usr/bin/env python3
"""Point the shop domains at the staging server while testing a theme.

Adds (or removes) a managed block of host entries so that
www.<shop>, cdn.<shop> and checkout.<shop> resolve to the staging box on
this machine only.  Entries come from staging.toml in the theme repo.
"""
import argparse
import ipaddress
import logging
import os
import shutil
import sys
import tempfile
import tomllib
from pathlib import Path

log = logging.getLogger("staginghosts")

HOSTS_FILE = Path(os.environ.get("HOSTS_FILE", "/etc/hosts"))
BEGIN = "# >>> shop-staging (managed) >>>"
END = "# <<< shop-staging (managed) <<<"


def load_entries(config_path):
    with open(config_path, "rb") as fh:
        cfg = tomllib.load(fh)
    staging = cfg.get("staging", {})
    ip = staging.get("ip")
    try:
        ipaddress.ip_address(ip)
    except (TypeError, ValueError):
        raise SystemExit(f"staging.ip missing or invalid in {config_path}")
    domain = staging.get("domain")
    if not domain:
        raise SystemExit(f"staging.domain missing in {config_path}")
    names = [f"{sub}.{domain}" if sub else domain for sub in staging.get("subdomains", ["", "www", "cdn", "checkout"])]
    return ip, names


def strip_block(lines):
    out, inside = [], False
    for line in lines:
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    return out


def render(lines, ip=None, names=None):
    body = strip_block(lines)
    while body and not body[-1].strip():
        body.pop()
    if ip and names:
        body += ["", BEGIN, f"{ip}\t{' '.join(names)}", END]
    return "\n".join(body) + "\n"


def write_hosts(text):
    backup = HOSTS_FILE.with_name(HOSTS_FILE.name + ".shop-staging.bak")
    if not backup.exists():
        shutil.copy2(HOSTS_FILE, backup)
    fd, tmp = tempfile.mkstemp(dir=str(HOSTS_FILE.parent), prefix=".hosts.")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, HOSTS_FILE)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    log.info("host entries need admin rights, asking sudo")
    os.execvp("sudo", ["sudo", "-E", sys.executable, os.path.abspath(__file__), *argv])


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description="route shop domains to staging on this machine")
    ap.add_argument("action", choices=("on", "off", "show"))
    ap.add_argument("--config", type=Path, default=Path("staging.toml"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    lines = HOSTS_FILE.read_text().splitlines()
    if args.action == "show":
        inside = False
        for line in lines:
            if line.strip() == BEGIN:
                inside = True
            elif line.strip() == END:
                inside = False
            elif inside:
                print(line)
        return 0

    ensure_root(argv)
    if args.action == "on":
        ip, names = load_entries(args.config)
        write_hosts(render(lines, ip, names))
        log.info("%s -> %s", ", ".join(names), ip)
    else:
        write_hosts(render(lines))
        log.info("staging entries removed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
