#!/usr/bin/env python3
"""Keep SSSD's login allow-list in step with the IdP's host-access groups.

The access catalogue maps each host role to the directory groups whose members
may log in. This tool reads that mapping for the local role, writes an SSSD
drop-in with ``simple_allow_groups`` and reloads SSSD when the list changed.
"""
import argparse
import hashlib
import http.client
import json
import logging
import os
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("sssd-group-sync")

DROPIN = Path("/etc/sssd/conf.d/60-idp-access.conf")
DOMAIN = os.environ.get("SSSD_DOMAIN", "corp.example")


class Catalogue:
    def __init__(self, base_url, timeout=15):
        parts = urlsplit(base_url)
        self.host = parts.hostname
        self.port = parts.port or 443
        self.prefix = parts.path.rstrip("/")
        self.timeout = timeout

    def login_groups(self, role):
        conn = http.client.HTTPSConnection(self.host, self.port, timeout=self.timeout)
        try:
            conn.request("GET", f"{self.prefix}/roles/{role}/login-groups",
                         headers={"Accept": "application/json"})
            resp = conn.getresponse()
            body = resp.read()
            if resp.status != 200:
                raise RuntimeError(f"catalogue returned HTTP {resp.status}")
        finally:
            conn.close()
        data = json.loads(body)
        return sorted({g["name"] for g in data.get("groups", []) if g.get("enabled", True)})


def render(groups, role):
    return (
        f"# Managed by sssd-group-sync for role {role}. Local edits are overwritten.\n"
        f"[domain/{DOMAIN}]\n"
        "access_provider = simple\n"
        f"simple_allow_groups = {', '.join(groups)}\n"
    )


def digest(text):
    return hashlib.sha256(text.encode()).hexdigest()


def current_digest():
    try:
        return digest(DROPIN.read_text())
    except FileNotFoundError:
        return None


def write_dropin(text):
    DROPIN.parent.mkdir(mode=0o711, parents=True, exist_ok=True)
    tmp = DROPIN.with_suffix(".conf.new")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    os.chown(tmp, 0, 0)
    os.replace(tmp, DROPIN)


def reload_sssd():
    check = subprocess.run(["sssctl", "config-check"], capture_output=True, text=True)
    if check.returncode != 0:
        raise RuntimeError("sssctl config-check failed: " + check.stdout.strip())
    subprocess.run(["systemctl", "restart", "sssd.service"], check=True)


def host_role():
    role_file = Path("/etc/host-role")
    if role_file.exists():
        return role_file.read_text().strip()
    return socket.gethostname().split(".")[0].rstrip("0123456789-")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--catalogue", default=os.environ.get(
        "ACCESS_CATALOGUE_URL", "https://access-catalogue.corp.example/api"))
    ap.add_argument("--role", default=None)
    ap.add_argument("--print", dest="print_only", action="store_true",
                    help="print the drop-in and exit")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    role = args.role or host_role()
    try:
        groups = Catalogue(args.catalogue).login_groups(role)
    except (OSError, RuntimeError, ValueError) as exc:
        log.error("cannot read catalogue for role %s: %s", role, exc)
        return 1
    if not groups:
        log.error("no login groups for role %s; leaving SSSD untouched", role)
        return 3

    text = render(groups, role)
    if args.print_only:
        sys.stdout.write(text)
        return 0
    if digest(text) == current_digest():
        log.info("allow-list for %s unchanged (%d groups)", role, len(groups))
        return 0

    try:
        write_dropin(text)
        reload_sssd()
    except PermissionError:
        log.error("writing %s needs root", DROPIN)
        return 5
    except (subprocess.CalledProcessError, RuntimeError) as exc:
        log.error("SSSD reload failed: %s", exc)
        return 4
    log.info("updated %s: %s", DROPIN, ", ".join(groups))
    return 0


if __name__ == "__main__":
    sys.exit(main())
