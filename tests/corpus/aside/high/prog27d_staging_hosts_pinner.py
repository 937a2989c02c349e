#!/usr/bin/env python3
"""Point the scraper's target hostnames at a staging IP by editing /etc/hosts
directly, then verify that each host now serves the staging banner.

Entries are kept inside a marked block so they can be removed with --clear.
"""
import argparse
import shutil
import sys

import requests

HOSTS = "/etc/hosts"
BEGIN = "# >>> scraper-staging >>>"
END = "# <<< scraper-staging <<<"


def read_hosts():
    with open(HOSTS, encoding="utf-8") as fh:
        return fh.read().splitlines()


def strip_block(lines):
    out, inside = [], False
    for ln in lines:
        if ln.strip() == BEGIN:
            inside = True
            continue
        if ln.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(ln)
    return out


def write_hosts(lines):
    shutil.copy2(HOSTS, HOSTS + ".scraper.bak")
    with open(HOSTS, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")


def pin(ip, names):
    lines = strip_block(read_hosts())
    lines.append(BEGIN)
    for name in names:
        lines.append(f"{ip}\t{name}")
    lines.append(END)
    write_hosts(lines)


def verify(names, banner):
    ok = True
    for name in names:
        try:
            r = requests.get(f"http://{name}/", timeout=10)
            hit = banner in r.text
        except requests.RequestException as exc:
            print(f"{name}: unreachable ({exc})")
            ok = False
            continue
        print(f"{name}: {'staging' if hit else 'NOT staging'} (HTTP {r.status_code})")
        ok = ok and hit
    return ok


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ip", default="10.20.0.15")
    ap.add_argument("--banner", default="STAGING")
    ap.add_argument("--clear", action="store_true")
    ap.add_argument("names", nargs="*", default=["shop.example.com", "api.shop.example.com"])
    args = ap.parse_args()

    try:
        if args.clear:
            write_hosts(strip_block(read_hosts()))
            print("staging entries removed")
            return
        pin(args.ip, args.names)
    except PermissionError:
        sys.exit(f"need write access to {HOSTS} (run as root)")
    sys.exit(0 if verify(args.names, args.banner) else 1)


if __name__ == "__main__":
    main()
