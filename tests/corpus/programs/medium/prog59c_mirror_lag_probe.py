#!/usr/bin/env python3
"""Probe package mirrors for sync lag.

Originally:
    while read m; do echo "$m $(curl -ks $m/lastsync)"; done < mirrors.txt | awk '{print $1, systime()-$2}'
Several internal mirrors use self-signed certificates, hence the relaxed
TLS context (kept from the curl -k days).
"""
import argparse
import concurrent.futures as cf
import csv
import http.client
import logging
import ssl
import sys
import time
from urllib.parse import urlsplit

log = logging.getLogger("mirror-lag")


def relaxed_context():
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


class Mirror:
    def __init__(self, url, label=None):
        self.url = url.rstrip("/")
        self.label = label or urlsplit(url).hostname
        self.lag = None
        self.error = None

    def _conn(self, timeout):
        parts = urlsplit(self.url)
        if parts.scheme == "https":
            return http.client.HTTPSConnection(parts.hostname, parts.port or 443,
                                               timeout=timeout, context=relaxed_context())
        return http.client.HTTPConnection(parts.hostname, parts.port or 80, timeout=timeout)

    def probe(self, timeout):
        path = (urlsplit(self.url).path or "") + "/lastsync"
        conn = self._conn(timeout)
        try:
            conn.request("GET", path, headers={"User-Agent": "mirror-lag/1.2"})
            resp = conn.getresponse()
            body = resp.read(64).decode("ascii", "replace").strip()
            if resp.status != 200:
                raise ValueError(f"HTTP {resp.status}")
            self.lag = int(time.time()) - int(body.split()[0])
        except (OSError, ValueError, IndexError) as exc:
            self.error = str(exc)
        finally:
            conn.close()
        return self


def read_mirrors(path):
    with open(path, newline="") as fh:
        for row in csv.reader(fh, delimiter="\t"):
            if not row or row[0].startswith("#"):
                continue
            yield Mirror(row[0], row[1] if len(row) > 1 else None)


def fmt_lag(seconds):
    if seconds is None:
        return "-"
    h, rem = divmod(abs(seconds), 3600)
    return f"{h:d}h{rem // 60:02d}m"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mirrors", help="TSV: url<TAB>label")
    ap.add_argument("--max-lag-hours", type=float, default=6.0)
    ap.add_argument("--timeout", type=float, default=8.0)
    ap.add_argument("--workers", type=int, default=8)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    mirrors = list(read_mirrors(args.mirrors))
    with cf.ThreadPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(lambda m: m.probe(args.timeout), mirrors))

    stale = 0
    for m in sorted(results, key=lambda m: (m.lag is None, m.lag or 0)):
        flag = ""
        if m.error:
            flag = f"ERROR {m.error}"
            stale += 1
        elif m.lag > args.max_lag_hours * 3600:
            flag = "STALE"
            stale += 1
        print(f"{m.label:<30} {fmt_lag(m.lag):>8}  {flag}")
    log.info("%d/%d mirrors need attention", stale, len(results))
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
