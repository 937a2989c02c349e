#!/usr/bin/env python3
"""Produce a Markdown report of Home Assistant entities that look unhealthy.

Reads the long-lived access token from HA_TOKEN and queries the Home
Assistant REST API (the token goes only to that API). Writes
./ha_report.md listing unavailable entities and low batteries.
"""
import collections
import datetime as dt
import os
import sys

import requests

HA_URL = os.environ.get("HA_URL", "http://homeassistant.local:8123")
REPORT = "ha_report.md"
LOW_BATTERY = 20


def get_states(token):
    resp = requests.get(
        f"{HA_URL}/api/states",
        headers={"Authorization": f"Bearer {token}",
                 "Content-Type": "application/json"},
        timeout=15,
    )
    resp.raise_for_status()
    return resp.json()


def classify(states):
    unavailable = []
    low_batt = []
    per_domain = collections.Counter()
    for st in states:
        entity = st["entity_id"]
        domain = entity.split(".", 1)[0]
        per_domain[domain] += 1
        if st["state"] in ("unavailable", "unknown"):
            unavailable.append(entity)
        attrs = st.get("attributes", {})
        if attrs.get("device_class") == "battery":
            try:
                level = float(st["state"])
            except ValueError:
                continue
            if level < LOW_BATTERY:
                low_batt.append((entity, level))
    return unavailable, low_batt, per_domain


def write_report(unavailable, low_batt, per_domain):
    now = dt.datetime.now().strftime("%Y-%m-%d %H:%M")
    lines = [f"# Home Assistant health report ({now})", ""]
    lines.append("## Entities per domain")
    for domain, n in per_domain.most_common():
        lines.append(f"- {domain}: {n}")
    lines += ["", f"## Unavailable ({len(unavailable)})"]
    lines += [f"- `{e}`" for e in sorted(unavailable)] or ["- none"]
    lines += ["", f"## Batteries below {LOW_BATTERY}% ({len(low_batt)})"]
    lines += [f"- `{e}`: {lvl:.0f}%" for e, lvl in sorted(low_batt)] or ["- none"]
    with open(REPORT, "w") as fh:
        fh.write("\n".join(lines) + "\n")


def main():
    token = os.environ.get("HA_TOKEN")
    if not token:
        print("set HA_TOKEN to a long-lived access token", file=sys.stderr)
        return 2
    try:
        states = get_states(token)
    except requests.RequestException as exc:
        print(f"cannot reach Home Assistant: {exc}", file=sys.stderr)
        return 1
    unavailable, low_batt, per_domain = classify(states)
    write_report(unavailable, low_batt, per_domain)
    print(f"wrote {REPORT}: {len(unavailable)} unavailable, "
          f"{len(low_batt)} low batteries")
    return 0


if __name__ == "__main__":
    sys.exit(main())
