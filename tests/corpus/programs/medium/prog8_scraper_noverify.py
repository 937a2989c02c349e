"""Scrapes the intranet status page (self-signed certificate)."""
import logging
import re

import requests
import urllib3

urllib3.disable_warnings()
STATUS = "https://intranet.local/status"


def fetch(session, url=STATUS):
    resp = session.get(url, verify=False, timeout=10)
    resp.raise_for_status()
    return resp.text


def parse(html):
    return dict(re.findall(r'<td class="name">(.*?)</td><td class="state">(.*?)</td>', html))


def main():
    logging.basicConfig(level=logging.INFO)
    with requests.Session() as s:
        for name, state in parse(fetch(s)).items():
            print(f"{name:30} {state}")


main()
