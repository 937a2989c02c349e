#!/usr/bin/env python3
"""Service banner grabber for asset inventory.

Connects to each host:port from an inventory, records the first bytes the
service sends (or the response to a protocol nudge) and, for TLS ports,
the presented certificate subject and expiry. Results are cached between
runs so unchanged services are not re-probed too often.
"""

import argparse
import csv
import ipaddress
import logging
import os
import pickle
import socket
import ssl
import time
from concurrent.futures import ThreadPoolExecutor, as_completed

log = logging.getLogger("bannergrab")

CACHE_FILE = ".bannergrab.cache.pkl"
TLS_PORTS = {443, 465, 636, 993, 995, 8443}
NUDGES = {
    80: b"HEAD / HTTP/1.0\r\n\r\n",
    8080: b"HEAD / HTTP/1.0\r\n\r\n",
    443: b"HEAD / HTTP/1.0\r\n\r\n",
    8443: b"HEAD / HTTP/1.0\r\n\r\n",
    6379: b"INFO server\r\n",
}


def insecure_context():
    # inventory hosts mostly use self-signed certs; we want to read them anyway
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


def grab(host, port, timeout):
    result = {"host": host, "port": port, "ts": time.time(), "banner": "", "tls": None}
    try:
        raw = socket.create_connection((host, port), timeout=timeout)
    except OSError as exc:
        result["error"] = str(exc)
        return result
    sock = raw
    try:
        if port in TLS_PORTS:
            sock = insecure_context().wrap_socket(raw, server_hostname=host)
            cert = sock.getpeercert(binary_form=False) or {}
            der = sock.getpeercert(binary_form=True)
            result["tls"] = {
                "version": sock.version(),
                "cipher": sock.cipher()[0],
                "subject": dict(x[0] for x in cert.get("subject", ())) if cert else {},
                "notAfter": cert.get("notAfter"),
                "der_len": len(der) if der else 0,
            }
        sock.settimeout(timeout)
        if port in NUDGES:
            sock.sendall(NUDGES[port])
        data = sock.recv(1024)
        result["banner"] = data.decode("latin-1").strip()[:400]
    except (OSError, ssl.SSLError) as exc:
        result["error"] = str(exc)
    finally:
        sock.close()
    return result


def load_cache(path):
    if not os.path.exists(path):
        return {}
    try:
        with open(path, "rb") as fh:
            return pickle.load(fh)
    except (pickle.UnpicklingError, EOFError) as exc:
        log.warning("ignoring broken cache: %s", exc)
        return {}


def save_cache(path, cache):
    with open(path, "wb") as fh:
        pickle.dump(cache, fh, protocol=pickle.HIGHEST_PROTOCOL)


def expand_targets(rows):
    for row in rows:
        ports = [int(p) for p in row["ports"].split(";") if p]
        spec = row["target"].strip()
        try:
            net = ipaddress.ip_network(spec, strict=False)
            hosts = [str(h) for h in net.hosts()] or [str(net.network_address)]
        except ValueError:
            hosts = [spec]
        for h in hosts:
            for p in ports:
                yield h, p


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inventory", help="CSV with columns target,ports (ports ';'-separated)")
    ap.add_argument("--timeout", type=float, default=3.0)
    ap.add_argument("--workers", type=int, default=32)
    ap.add_argument("--max-age", type=int, default=3600, help="seconds before re-probing")
    ap.add_argument("--out", default="banners.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    with open(args.inventory, newline="") as fh:
        targets = list(expand_targets(csv.DictReader(fh)))
    cache = load_cache(CACHE_FILE)
    now = time.time()
    todo = [(h, p) for h, p in targets
            if now - cache.get((h, p), {}).get("ts", 0) > args.max_age]
    log.info("%d targets, %d need probing", len(targets), len(todo))

    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futs = {pool.submit(grab, h, p, args.timeout): (h, p) for h, p in todo}
        for fut in as_completed(futs):
            res = fut.result()
            cache[futs[fut]] = res
            if res.get("error"):
                log.debug("%s:%s %s", res["host"], res["port"], res["error"])
            else:
                log.info("%s:%s %s", res["host"], res["port"], res["banner"][:60])

    save_cache(CACHE_FILE, cache)
    with open(args.out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["host", "port", "banner", "tls_version", "cert_subject_cn", "cert_expiry", "error"])
        for (h, p) in targets:
            r = cache.get((h, p), {})
            tls = r.get("tls") or {}
            w.writerow([h, p, r.get("banner", ""), tls.get("version", ""),
                        tls.get("subject", {}).get("commonName", ""),
                        tls.get("notAfter", ""), r.get("error", "")])
    log.info("wrote %s", args.out)


if __name__ == "__main__":
    main()
