#!/usr/bin/env python3
"""Canary checker that probes service hostnames on the canary pool.

During a canary rollout the public hostname still resolves to the stable
pool.  This tool sends the health probes straight to the canary IPs with
the public Host header, so the check hits the canary without touching
name resolution, and keeps the pin map next to the report for the record.
"""
import argparse
import http.client
import json
import logging
import sys
import time
from urllib.parse import urlparse

LOG = logging.getLogger("canary")

PIN_RECORD = "canary-pins.json"


def load_targets(path):
    """Config: {"pins": {"api.example.com": "10.20.3.14"}, "checks": [...]}."""
    with open(path, encoding="utf-8") as fh:
        cfg = json.load(fh)
    if not cfg.get("pins"):
        raise ValueError("config has no pins")
    return cfg


def record_pins(pins, path=PIN_RECORD):
    with open(path, "w", encoding="utf-8") as fh:
        json.dump({"ts": time.time(), "pins": pins}, fh, indent=2)
    LOG.info("recorded %d pins in %s", len(pins), path)


def _connection(scheme, ip, port, timeout):
    if scheme == "https":
        return http.client.HTTPSConnection(ip, port or 443, timeout=timeout)
    return http.client.HTTPConnection(ip, port or 80, timeout=timeout)


def probe(check, pins, attempts=3):
    url = urlparse(check["url"])
    ip = pins.get(url.hostname)
    if ip is None:
        return {"url": check["url"], "ok": False, "error": "no pin for host"}
    expect = check.get("expect_status", 200)
    path = url.path or "/"
    if url.query:
        path += "?" + url.query
    last_err = None
    for attempt in range(1, attempts + 1):
        started = time.monotonic()
        conn = _connection(url.scheme, ip, url.port, check.get("timeout", 5))
        try:
            conn.request("GET", path, headers={"Host": url.hostname, "User-Agent": "canary-check/2"})
            resp = conn.getresponse()
            body = resp.read(4096).decode("utf-8", "replace")
            elapsed = (time.monotonic() - started) * 1000
            ok = resp.status == expect and check.get("contains", "") in body
            return {"url": check["url"], "ip": ip, "ok": ok, "status": resp.status,
                    "ms": round(elapsed, 1)}
        except (OSError, http.client.HTTPException) as exc:
            last_err = str(exc)
            LOG.warning("attempt %d on %s via %s failed: %s", attempt, check["url"], ip, last_err)
            time.sleep(attempt)
        finally:
            conn.close()
    return {"url": check["url"], "ip": ip, "ok": False, "status": None, "error": last_err}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("config", help="canary config JSON")
    ap.add_argument("--report", default="canary-report.json")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        cfg = load_targets(args.config)
    except (OSError, ValueError) as exc:
        LOG.error("bad config: %s", exc)
        return 2

    record_pins(cfg["pins"])
    results = [probe(check, cfg["pins"]) for check in cfg.get("checks", [])]

    with open(args.report, "w", encoding="utf-8") as fh:
        json.dump({"ts": time.time(), "results": results}, fh, indent=2)
    failed = [r for r in results if not r["ok"]]
    for r in results:
        print(f"{'PASS' if r['ok'] else 'FAIL'} {r['url']} via {r.get('ip')} "
              f"status={r.get('status')} ms={r.get('ms')}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
