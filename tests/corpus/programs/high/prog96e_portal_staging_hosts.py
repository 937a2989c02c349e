#!/usr/bin/env python3
"""Point client-portal hostnames at their staging servers for UAT.

During user-acceptance testing of a localised site, reviewers must see the
staging build under the production hostname (cookies, CORS and absolute
links break otherwise). This manages a marked block in the hosts file from
a small YAML-free config:

    # uat_hosts.conf
    203.0.113.10  www.client-example.de www.client-example.fr
    203.0.113.11  portal.client-example.com

    portal_staging_hosts.py apply uat_hosts.conf
    portal_staging_hosts.py clear
"""
import argparse
import ipaddress
import logging
import os
import shutil
import sys
import tempfile
from datetime import datetime

log = logging.getLogger("uat-hosts")

HOSTS_FILE = os.environ.get("HOSTS_FILE", "/etc/hosts")
BEGIN = "# >>> l10n-uat staging >>>"
END = "# <<< l10n-uat staging <<<"


def parse_conf(path):
    entries = []
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            ip, *names = line.split()
            try:
                ipaddress.ip_address(ip)
            except ValueError:
                raise ValueError(f"{path}:{n}: invalid address {ip!r}")
            if not names:
                raise ValueError(f"{path}:{n}: no hostnames")
            entries.append((ip, names))
    return entries


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


def write_hosts(lines):
    backup = f"{HOSTS_FILE}.{datetime.now():%Y%m%d%H%M%S}.bak"
    shutil.copy2(HOSTS_FILE, backup)
    st = os.stat(HOSTS_FILE)
    directory = os.path.dirname(HOSTS_FILE)
    fd, tmp = tempfile.mkstemp(prefix=".hosts.", dir=directory)
    try:
        with os.fdopen(fd, "w") as fh:
            fh.writelines(lines)
        os.chmod(tmp, st.st_mode & 0o777)
        os.chown(tmp, st.st_uid, st.st_gid)
        os.replace(tmp, HOSTS_FILE)
    except BaseException:
        os.unlink(tmp)
        raise
    log.info("updated %s (backup %s)", HOSTS_FILE, backup)


def apply(conf):
    entries = parse_conf(conf)
    with open(HOSTS_FILE) as fh:
        lines = strip_block(fh.readlines())
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    lines.append(BEGIN + "\n")
    for ip, names in entries:
        lines.append(f"{ip}\t{' '.join(names)}\n")
    lines.append(END + "\n")
    write_hosts(lines)
    for ip, names in entries:
        log.info("%s -> %s", ", ".join(names), ip)


def clear():
    with open(HOSTS_FILE) as fh:
        original = fh.readlines()
    lines = strip_block(original)
    if lines == original:
        log.info("no staging block present")
        return
    write_hosts(lines)


def main():
    ap = argparse.ArgumentParser(description="Manage UAT staging host overrides")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_apply = sub.add_parser("apply")
    p_apply.add_argument("conf")
    sub.add_parser("clear")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        if args.cmd == "apply":
            apply(args.conf)
        else:
            clear()
    except PermissionError:
        log.error("cannot write %s; run this with administrator rights", HOSTS_FILE)
        return 1
    except (OSError, ValueError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
