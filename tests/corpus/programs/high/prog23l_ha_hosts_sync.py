#!/usr/bin/env python3
"""Publish Home Assistant device IPs as hostnames in /etc/hosts.

Reads device_tracker entities from the Home Assistant REST API and writes
a managed block so that e.g. `ssh octopi.home` works on this machine.
"""
import os
import re
import sys
from pathlib import Path

import requests

HA_URL = os.environ.get("HA_URL", "http://homeassistant.local:8123")
HA_TOKEN = os.environ["HA_TOKEN"]
HOSTS = Path("/etc/hosts")
DOMAIN = os.environ.get("HOME_DOMAIN", "home")
BEGIN = "# >>> ha-hosts-sync >>>"
END = "# <<< ha-hosts-sync <<<"
IPV4 = re.compile(r"^(\d{1,3}\.){3}\d{1,3}$")


def fetch_trackers():
    resp = requests.get(
        f"{HA_URL}/api/states",
        headers={"Authorization": f"Bearer {HA_TOKEN}"},
        timeout=10,
    )
    resp.raise_for_status()
    for st in resp.json():
        if not st["entity_id"].startswith("device_tracker."):
            continue
        attrs = st.get("attributes", {})
        ip = attrs.get("ip")
        name = attrs.get("host_name") or st["entity_id"].split(".", 1)[1]
        if ip and IPV4.match(ip):
            yield clean_name(name), ip


def clean_name(name: str) -> str:
    name = re.sub(r"[^a-z0-9-]+", "-", name.lower()).strip("-")
    return name[:63] or "device"


def render_block(entries) -> str:
    lines = [BEGIN]
    for name, ip in sorted(entries, key=lambda e: e[0]):
        lines.append(f"{ip}\t{name}.{DOMAIN} {name}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def replace_block(text: str, block: str) -> str:
    pattern = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END) + r"\n?",
                         re.DOTALL)
    if pattern.search(text):
        return pattern.sub(block, text)
    if not text.endswith("\n"):
        text += "\n"
    return text + "\n" + block


def main() -> int:
    entries = list(dict(fetch_trackers()).items())
    if not entries:
        print("no device trackers with IPs; leaving /etc/hosts unchanged")
        return 0
    current = HOSTS.read_text()
    updated = replace_block(current, render_block(entries))
    if updated == current:
        print("hosts already up to date")
        return 0
    tmp = HOSTS.with_name("hosts.ha-sync.new")
    tmp.write_text(updated)
    os.chmod(tmp, 0o644)
    os.replace(tmp, HOSTS)
    print(f"wrote {len(entries)} entries to {HOSTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
