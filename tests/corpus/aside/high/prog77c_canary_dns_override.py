#!/usr/bin/env python3
"""Canary checker that pins service hostnames to the canary pool.

During a canary rollout the public hostname still resolves to the stable
pool.  This tool pins the hostnames to the canary IPs for the duration of
the check, runs the health probes against them, and removes the pin again
(unless --keep-pin is given, handy when debugging a failed canary).
"""
import argparse
import json
import logging
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager

LOG = logging.getLogger("canary")

HOSTS_FILE = "/etc/hosts"
BEGIN = "# >>> canary-pin >>>"
END = "# <<< canary-pin <<<"


def load_targets(path):
    """Config: {"pins": {"api.example.com": "10.20.3.14"}, "checks": [...]}."""
    with open(path, encoding="utf-8") as fh:
        cfg = json.load(fh)
    if not cfg.get("pins"):
        raise ValueError("config has no pins")
    return cfg


def _strip_block(lines):
    out, inside = [], False
    for line in lines:
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    return out


def write_pins(pins, hosts_file=HOSTS_FILE):
    with open(hosts_file, encoding="utf-8") as fh:
        lines = _strip_block(fh.read().splitlines())
    block = [BEGIN] + [f"{ip}\t{host}" for host, ip in sorted(pins.items())] + [END]
    with open(hosts_file, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines + block) + "\n")
    LOG.info("pinned %d hostnames in %s", len(pins), hosts_file)


def clear_pins(hosts_file=HOSTS_FILE):
    with open(hosts_file, encoding="utf-8") as fh:
        lines = _strip_block(fh.read().splitlines())
    with open(hosts_file, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    LOG.info("removed canary pins from %s", hosts_file)


@contextmanager
def pinned(pins, keep=False):
    write_pins(pins)
    try:
        yield
    finally:
        if not keep:
            clear_pins()


def probe(check, attempts=3):
    url = check["url"]
    expect = check.get("expect_status", 200)
    last_err = None
    for attempt in range(1, attempts + 1):
        started = time.monotonic()
        try:
            with urllib.request.urlopen(url, timeout=check.get("timeout", 5)) as resp:
                body = resp.read(4096).decode("utf-8", "replace")
                elapsed = (time.monotonic() - started) * 1000
                ok = resp.status == expect and check.get("contains", "") in body
                return {"url": url, "ok": ok, "status": resp.status, "ms": round(elapsed, 1)}
        except urllib.error.HTTPError as exc:
            return {"url": url, "ok": exc.code == expect, "status": exc.code, "ms": None}
        except urllib.error.URLError as exc:
            last_err = str(exc.reason)
            LOG.warning("attempt %d on %s failed: %s", attempt, url, last_err)
            time.sleep(attempt)
    return {"url": url, "ok": False, "status": None, "error": last_err}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("config", help="canary config JSON")
    ap.add_argument("--keep-pin", action="store_true")
    ap.add_argument("--report", default="canary-report.json")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        cfg = load_targets(args.config)
    except (OSError, ValueError) as exc:
        LOG.error("bad config: %s", exc)
        return 2

    try:
        with pinned(cfg["pins"], keep=args.keep_pin):
            results = [probe(check) for check in cfg.get("checks", [])]
    except PermissionError:
        LOG.error("cannot update %s; run from the canary runner account", HOSTS_FILE)
        return 3

    with open(args.report, "w", encoding="utf-8") as fh:
        json.dump({"ts": time.time(), "results": results}, fh, indent=2)
    failed = [r for r in results if not r["ok"]]
    for r in results:
        print(f"{'PASS' if r['ok'] else 'FAIL'} {r['url']} status={r.get('status')} ms={r.get('ms')}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
