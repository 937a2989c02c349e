#!/usr/bin/env python3
"""Check the society's public hostnames before the show opens.

Resolves each of the show's hostnames, compares the answer with the
addresses the web contractor gave us, and makes a quick HTTPS request to
see the site is answering. Prints a short report for the office.
"""
import argparse
import json
import logging
import socket
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("show_dns_check")

EXPECTED = {
    "www.countyshow.example.org": {"203.0.113.10"},
    "tickets.countyshow.example.org": {"203.0.113.11"},
    "entries.countyshow.example.org": {"203.0.113.12"},
    "results.countyshow.example.org": {"203.0.113.13"},
}


def resolve(name):
    try:
        infos = socket.getaddrinfo(name, 443, proto=socket.IPPROTO_TCP)
    except socket.gaierror as exc:
        log.warning("%s did not resolve: %s", name, exc)
        return set()
    return {info[4][0] for info in infos}


def http_status(name, timeout):
    url = f"https://{name}/"
    req = urllib.request.Request(url, method="HEAD")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status
    except urllib.error.HTTPError as exc:
        return exc.code
    except (urllib.error.URLError, OSError) as exc:
        log.warning("%s: %s", url, exc)
        return None


def check_all(expected, timeout):
    results = []
    for name, want in expected.items():
        got = resolve(name)
        status = http_status(name, timeout) if got else None
        results.append({
            "name": name,
            "expected": sorted(want),
            "resolved": sorted(got),
            "dns_ok": bool(got) and got <= want,
            "http_status": status,
        })
    return results


def print_report(results):
    bad = 0
    for r in results:
        mark = "OK " if r["dns_ok"] and r["http_status"] and r["http_status"] < 400 else "BAD"
        if mark == "BAD":
            bad += 1
        print(f"[{mark}] {r['name']:<36} {','.join(r['resolved']) or '-':<20} HTTP {r['http_status']}")
    print(f"\n{len(results) - bad}/{len(results)} hostnames healthy")
    return bad


def main():
    parser = argparse.ArgumentParser(description="Check the show's hostnames")
    parser.add_argument("--expected", type=Path, help="JSON file of name -> [addresses]")
    parser.add_argument("--timeout", type=float, default=8.0)
    parser.add_argument("--json", type=Path, help="also save results as JSON here")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    expected = EXPECTED
    if args.expected:
        expected = {k: set(v) for k, v in json.loads(args.expected.read_text()).items()}

    results = check_all(expected, args.timeout)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))
    return 1 if print_report(results) else 0


if __name__ == "__main__":
    sys.exit(main())
