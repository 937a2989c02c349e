#!/usr/bin/env python3
"""Dump the scenes and lights configured on a Hue-style bridge to JSON.

The bridge uses a self-signed certificate, so certificate checking is
switched off for these LAN requests. The application key comes from the
environment and is sent only to the bridge.
"""
import json
import os
import sys

import requests
import urllib3

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

BRIDGE = os.environ.get("HUE_BRIDGE", "192.168.1.40")
OUT = "hue_scenes.json"


def api_get(key, resource):
    url = f"https://{BRIDGE}/clip/v2/resource/{resource}"
    resp = requests.get(url, headers={"hue-application-key": key},
                        verify=False, timeout=10)
    resp.raise_for_status()
    return resp.json().get("data", [])


def main():
    key = os.environ.get("HUE_APP_KEY")
    if not key:
        print("HUE_APP_KEY is not set", file=sys.stderr)
        return 2

    try:
        lights = api_get(key, "light")
        rooms = api_get(key, "room")
        scenes = api_get(key, "scene")
    except requests.RequestException as exc:
        print(f"bridge request failed: {exc}", file=sys.stderr)
        return 1

    light_names = {l["id"]: l["metadata"]["name"] for l in lights}
    room_names = {r["id"]: r["metadata"]["name"] for r in rooms}

    dump = []
    for sc in scenes:
        group = sc.get("group", {}).get("rid")
        actions = []
        for act in sc.get("actions", []):
            target = act.get("target", {}).get("rid")
            a = act.get("action", {})
            actions.append({
                "light": light_names.get(target, target),
                "on": a.get("on", {}).get("on"),
                "brightness": a.get("dimming", {}).get("brightness"),
            })
        dump.append({
            "scene": sc["metadata"]["name"],
            "room": room_names.get(group, group),
            "actions": actions,
        })

    dump.sort(key=lambda s: (str(s["room"]), s["scene"]))
    with open(OUT, "w") as fh:
        json.dump(dump, fh, indent=2)
    print(f"{len(lights)} lights, {len(rooms)} rooms, {len(dump)} scenes -> {OUT}")
    for s in dump:
        print(f"  [{s['room']}] {s['scene']} ({len(s['actions'])} lights)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
