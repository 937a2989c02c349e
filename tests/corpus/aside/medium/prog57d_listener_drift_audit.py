#!/usr/bin/env python3
"""Compare the TCP listeners on this host with an expected-services file.

Listeners are taken from `ss -H -ltn`; the expectation file (YAML) may use
custom tags for port ranges, so it is loaded with the full loader. Each
unexpected listener is also probed on 127.0.0.1 to grab a banner.
"""
import argparse
import logging
import socket
import subprocess
import sys

import yaml

log = logging.getLogger("listener-drift")


class PortRange(yaml.YAMLObject):
    yaml_tag = "!range"

    def __init__(self, lo, hi):
        self.lo, self.hi = lo, hi

    def __contains__(self, port):
        return self.lo <= port <= self.hi


def load_expected(path):
    with open(path, encoding="utf-8") as fh:
        doc = yaml.load(fh, Loader=yaml.Loader) or {}
    return doc.get("expected", [])


def current_listeners():
    proc = subprocess.run(["ss", "-H", "-ltn"], capture_output=True, text=True,
                          check=True, timeout=10)
    ports = set()
    for line in proc.stdout.splitlines():
        cols = line.split()
        if len(cols) < 4:
            continue
        local = cols[3]
        port = local.rsplit(":", 1)[-1]
        if port.isdigit():
            ports.add(int(port))
    return ports


def is_expected(port, expected):
    for item in expected:
        if isinstance(item, int) and item == port:
            return True
        if isinstance(item, PortRange) and port in item:
            return True
        if isinstance(item, dict) and item.get("port") == port:
            return True
    return False


def banner(port, timeout=1.5):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
            s.settimeout(timeout)
            try:
                return s.recv(128).decode("latin-1").strip() or "<silent>"
            except socket.timeout:
                return "<silent>"
    except OSError as exc:
        return f"<connect failed: {exc.strerror or exc}>"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--expected", default="expected_services.yaml")
    ap.add_argument("--no-banner", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        expected = load_expected(args.expected)
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot read %s: %s", args.expected, exc)
        return 2
    try:
        listening = current_listeners()
    except (subprocess.SubprocessError, FileNotFoundError) as exc:
        log.error("ss failed: %s", exc)
        return 2

    unexpected = sorted(p for p in listening if not is_expected(p, expected))
    log.info("%d listeners, %d unexpected", len(listening), len(unexpected))
    for port in unexpected:
        info = "" if args.no_banner else banner(port)
        print(f"{port:>6}  {info}")
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
