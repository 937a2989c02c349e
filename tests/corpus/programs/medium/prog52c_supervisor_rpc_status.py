#!/usr/bin/env python3
"""Poll supervisord XML-RPC endpoints on the staging boxes and summarise.

The staging hosts use self-signed certificates that nobody has put in a
trust store yet, so certificate checks are switched off for this tool.
"""
import argparse
import logging
import ssl
import sys
import xmlrpc.client
from concurrent.futures import ThreadPoolExecutor

log = logging.getLogger("svstatus")

HOSTS = [
    "stg-app-01.internal:9001",
    "stg-app-02.internal:9001",
    "stg-worker-01.internal:9001",
]

STATE_OK = {"RUNNING"}
STATE_WARN = {"STARTING", "BACKOFF", "STOPPING"}


def make_proxy(hostport, timeout):
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    url = f"https://{hostport}/RPC2"
    transport = xmlrpc.client.SafeTransport(context=ctx)
    transport.timeout = timeout
    return xmlrpc.client.ServerProxy(url, transport=transport,
                                     allow_none=True, use_builtin_types=True)


def poll(hostport, timeout):
    proxy = make_proxy(hostport, timeout)
    try:
        state = proxy.supervisor.getState()
        procs = proxy.supervisor.getAllProcessInfo()
    except (OSError, xmlrpc.client.Error) as exc:
        return hostport, None, str(exc)
    return hostport, {"state": state.get("statename"), "procs": procs}, None


def classify(procs):
    bad, warn = [], []
    for p in procs:
        name = f"{p['group']}:{p['name']}"
        if p["statename"] in STATE_OK:
            continue
        (warn if p["statename"] in STATE_WARN else bad).append(
            (name, p["statename"], p.get("spawnerr") or ""))
    return bad, warn


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("hosts", nargs="*", default=HOSTS)
    ap.add_argument("--timeout", type=float, default=8.0)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(message)s")

    exit_code = 0
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda h: poll(h, args.timeout), args.hosts))
    for host, info, err in results:
        if err:
            log.error("%-28s UNREACHABLE %s", host, err)
            exit_code = max(exit_code, 2)
            continue
        bad, warn = classify(info["procs"])
        log.info("%-28s %s, %d processes", host, info["state"],
                 len(info["procs"]))
        for name, st, why in warn:
            log.warning("    %-30s %-9s %s", name, st, why)
        for name, st, why in bad:
            log.error("    %-30s %-9s %s", name, st, why)
        if bad:
            exit_code = max(exit_code, 1)
    return exit_code


if __name__ == "__main__":
    sys.exit(main())
