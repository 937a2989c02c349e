#!/usr/bin/env python3
"""Keep the jackpot display controllers addressable by name.

The LED jackpot displays pick up DHCP addresses, so the caller PC asks the
display management API which controller has which address and keeps a
managed block in the hosts file up to date. The jackpot updater then talks to
"jp-main", "jp-bar" etc. instead of chasing IPs.
"""
import argparse
import ipaddress
import json
import logging
import os
import sys
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("jp-hosts")

BEGIN = "# >>> jackpot displays (managed) >>>"
END = "# <<< jackpot displays (managed) <<<"


class Config:
    api = os.environ.get("JP_MGMT_API", "http://displaymgr.hall.lan:8080/api/controllers")
    hosts_path = Path(os.environ.get("JP_HOSTS_FILE", "/" + "/".join(("etc", "hosts"))))
    suffix = ".hall.lan"
    timeout = 8


def fetch_controllers(url, timeout):
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        data = json.load(resp)
    out = []
    for c in data.get("controllers", []):
        try:
            ip = ipaddress.ip_address(c["ip"])
        except (KeyError, ValueError):
            LOG.warning("controller %r has no usable ip", c.get("name"))
            continue
        if not c.get("online", True):
            LOG.info("skipping offline controller %s", c.get("name"))
            continue
        out.append((str(ip), c["name"]))
    return sorted(out, key=lambda t: t[1])


def render_block(entries, suffix):
    lines = [BEGIN]
    for ip, name in entries:
        lines.append(f"{ip:<16} {name}{suffix} {name}")
    lines.append(END)
    return lines


def splice(existing, block):
    lines = existing.splitlines()
    try:
        start = lines.index(BEGIN)
        stop = lines.index(END, start)
        merged = lines[:start] + block + lines[stop + 1:]
    except ValueError:
        merged = lines + [""] + block
    return "\n".join(merged).rstrip("\n") + "\n"


def write_atomic(path, text):
    st = path.stat() if path.exists() else None
    fd, tmp = tempfile.mkstemp(dir=str(path.parent), prefix=".jp-hosts.")
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    if st:
        os.chmod(tmp, st.st_mode & 0o7777)
        os.chown(tmp, st.st_uid, st.st_gid)
    os.replace(tmp, path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = Config()
    try:
        entries = fetch_controllers(cfg.api, cfg.timeout)
    except (urllib.error.URLError, json.JSONDecodeError, OSError) as exc:
        LOG.error("display manager unreachable: %s", exc)
        return 2
    if not entries:
        LOG.warning("no controllers reported; leaving hosts file alone")
        return 1
    current = cfg.hosts_path.read_text() if cfg.hosts_path.exists() else ""
    updated = splice(current, render_block(entries, cfg.suffix))
    if updated == current:
        LOG.info("hosts block already current (%d controllers)", len(entries))
        return 0
    if args.dry_run:
        sys.stdout.write(updated)
        return 0
    try:
        write_atomic(cfg.hosts_path, updated)
    except PermissionError:
        LOG.error("cannot write %s (run from the caller PC admin account)", cfg.hosts_path)
        return 3
    LOG.info("wrote %d controllers to %s", len(entries), cfg.hosts_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
