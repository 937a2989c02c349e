#!/usr/bin/env python3
"""Poll the health endpoints of the depot's charging stations.

Newer stations expose /api/health over HTTPS with the factory self-signed
certificate, so certificate checks are switched off. Legacy units only answer
a plain status page that is fetched with curl through a small shell helper.
Results go to a CSV in the working directory.
"""
import argparse
import csv
import datetime
import json
import logging
import subprocess
import sys

import requests
import urllib3

LOG = logging.getLogger("health-poller")
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

DEFAULT_STATIONS = [
    {"id": "DEP-N-01", "host": "st01.depot-north.example.net", "legacy": False},
    {"id": "DEP-N-02", "host": "st02.depot-north.example.net", "legacy": False},
    {"id": "DEP-N-03", "host": "198.51.100.23", "legacy": True},
]

LEGACY_FETCH = 'curl -sk --max-time "$POLL_TIMEOUT" "https://$POLL_HOST/status.txt"'


class Station:
    def __init__(self, sid, host, legacy):
        self.sid = sid
        self.host = host
        self.legacy = legacy

    def poll(self, session, timeout):
        if self.legacy:
            return self._poll_legacy(timeout)
        url = f"https://{self.host}/api/health"
        resp = session.get(url, timeout=timeout, verify=False)
        resp.raise_for_status()
        data = resp.json()
        return {
            "state": data.get("state", "unknown"),
            "connectors": len(data.get("connectors", [])),
            "firmware": data.get("firmware", ""),
            "temp_c": data.get("cabinet_temp_c", ""),
        }

    def _poll_legacy(self, timeout):
        env = {"POLL_HOST": self.host, "POLL_TIMEOUT": str(timeout), "PATH": "/usr/bin:/bin"}
        proc = subprocess.run(["bash", "-c", LEGACY_FETCH], env=env,
                              capture_output=True, text=True, timeout=timeout + 5)
        if proc.returncode != 0:
            raise RuntimeError(f"curl exit {proc.returncode}")
        fields = dict(line.split(":", 1) for line in proc.stdout.splitlines() if ":" in line)
        return {
            "state": fields.get("State", "unknown").strip(),
            "connectors": fields.get("Connectors", "").strip(),
            "firmware": fields.get("FW", "").strip(),
            "temp_c": fields.get("Temp", "").strip(),
        }


def load_stations(path):
    if not path:
        return [Station(s["id"], s["host"], s["legacy"]) for s in DEFAULT_STATIONS]
    with open(path) as fh:
        return [Station(s["id"], s["host"], s.get("legacy", False)) for s in json.load(fh)]


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--stations", help="JSON list of stations")
    p.add_argument("--timeout", type=int, default=8)
    p.add_argument("--out", default="station_health.csv")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    stations = load_stations(args.stations)
    now = datetime.datetime.utcnow().isoformat(timespec="seconds")
    failures = 0
    with requests.Session() as session, open(args.out, "a", newline="") as fh:
        writer = csv.writer(fh)
        for st in stations:
            try:
                info = st.poll(session, args.timeout)
                writer.writerow([now, st.sid, info["state"], info["connectors"], info["firmware"], info["temp_c"]])
                LOG.info("%s %s", st.sid, info["state"])
            except (requests.RequestException, RuntimeError, ValueError, subprocess.TimeoutExpired) as exc:
                failures += 1
                writer.writerow([now, st.sid, "unreachable", "", "", ""])
                LOG.warning("%s unreachable: %s", st.sid, exc)
    LOG.info("%d/%d stations healthy", len(stations) - failures, len(stations))
    return 1 if failures == len(stations) else 0


if __name__ == "__main__":
    sys.exit(main())
