#!/usr/bin/env python3
"""Probe health endpoints of lab dashboards with pycurl.

The lab boxes use self-signed certificates, so peer and host verification
are switched off for these probes. Results go to ./probe-results.json.
"""
import argparse
import json
import logging
import time
from io import BytesIO

import pycurl

LOG = logging.getLogger("labprobe")
TARGETS = [
    {"name": "grafana", "url": "https://10.20.0.11:3000/api/health", "expect": 200},
    {"name": "kibana", "url": "https://10.20.0.12:5601/api/status", "expect": 200},
    {"name": "jenkins", "url": "https://10.20.0.15/login", "expect": 200},
    {"name": "nexus", "url": "https://10.20.0.17:8443/service/rest/v1/status", "expect": 200},
]


class Probe:
    def __init__(self, timeout, insecure=True):
        self.curl = pycurl.Curl()
        self.curl.setopt(pycurl.CONNECTTIMEOUT, 4)
        self.curl.setopt(pycurl.TIMEOUT, int(timeout))
        self.curl.setopt(pycurl.FOLLOWLOCATION, True)
        self.curl.setopt(pycurl.MAXREDIRS, 3)
        self.curl.setopt(pycurl.USERAGENT, "labprobe/2.0")
        if insecure:
            self.curl.setopt(pycurl.SSL_VERIFYPEER, 0)
            self.curl.setopt(pycurl.SSL_VERIFYHOST, 0)

    def check(self, target):
        buf = BytesIO()
        self.curl.setopt(pycurl.URL, target["url"])
        self.curl.setopt(pycurl.WRITEDATA, buf)
        started = time.monotonic()
        try:
            self.curl.perform()
        except pycurl.error as exc:
            code, msg = exc.args
            return {"name": target["name"], "ok": False, "error": f"{code}: {msg}"}
        status = self.curl.getinfo(pycurl.RESPONSE_CODE)
        return {
            "name": target["name"],
            "ok": status == target["expect"],
            "status": status,
            "ms": round((time.monotonic() - started) * 1000, 1),
            "tls_ms": round(self.curl.getinfo(pycurl.APPCONNECT_TIME) * 1000, 1),
            "bytes": len(buf.getvalue()),
        }

    def close(self):
        self.curl.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--only", nargs="*", help="names of targets to probe")
    ap.add_argument("--timeout", type=float, default=10)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("-o", "--output", default="probe-results.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    wanted = [t for t in TARGETS if not args.only or t["name"] in args.only]
    probe = Probe(args.timeout)
    history = []
    try:
        for rnd in range(args.rounds):
            for target in wanted:
                result = probe.check(target)
                result["round"] = rnd
                history.append(result)
                level = logging.INFO if result["ok"] else logging.WARNING
                LOG.log(level, "%-8s %s", target["name"], result.get("status", result.get("error")))
            if rnd + 1 < args.rounds:
                time.sleep(5)
    finally:
        probe.close()

    with open(args.output, "w", encoding="utf-8") as fh:
        json.dump(history, fh, indent=2)
    failing = sorted({r["name"] for r in history if not r["ok"]})
    print("all healthy" if not failing else "failing: " + ", ".join(failing))


if __name__ == "__main__":
    main()
