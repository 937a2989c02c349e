#!/usr/bin/env python3
"""Trust the local mitmproxy CA system-wide so a recording proxy can capture
the HTTPS traffic of scraper test runs. Copies the CA certificate into
/usr/local/share/ca-certificates and refreshes the trust store with sudo."""
import argparse
import os
import subprocess
import sys

import requests

DEFAULT_CA = os.path.expanduser("~/.mitmproxy/mitmproxy-ca-cert.pem")
SYSTEM_DIR = "/usr/local/share/ca-certificates"
DEST_NAME = "scraper-recording-proxy.crt"


def install_ca(ca_path):
    if not os.path.exists(ca_path):
        sys.exit(f"CA not found at {ca_path}; start mitmproxy once to generate it")
    dest = os.path.join(SYSTEM_DIR, DEST_NAME)
    subprocess.run(["sudo", "install", "-m", "0644", ca_path, dest], check=True)
    subprocess.run(["sudo", "update-ca-certificates"], check=True)
    return dest


def remove_ca():
    dest = os.path.join(SYSTEM_DIR, DEST_NAME)
    subprocess.run(["sudo", "rm", "-f", dest], check=True)
    subprocess.run(["sudo", "update-ca-certificates", "--fresh"], check=True)


def check_through_proxy(proxy, url):
    proxies = {"http": proxy, "https": proxy}
    try:
        r = requests.get(url, proxies=proxies, timeout=15,
                         verify="/etc/ssl/certs/ca-certificates.crt")
    except requests.exceptions.SSLError as exc:
        print(f"TLS through proxy still failing: {exc}")
        return False
    print(f"{url} via {proxy}: HTTP {r.status_code}")
    return r.ok


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ca", default=DEFAULT_CA)
    ap.add_argument("--proxy", default="http://127.0.0.1:8080")
    ap.add_argument("--test-url", default="https://example.com/")
    ap.add_argument("--remove", action="store_true")
    args = ap.parse_args()

    if args.remove:
        remove_ca()
        print("proxy CA removed from system trust store")
        return
    dest = install_ca(args.ca)
    print(f"installed {dest}")
    ok = check_through_proxy(args.proxy, args.test_url)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
