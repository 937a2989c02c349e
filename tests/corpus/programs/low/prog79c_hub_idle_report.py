#!/usr/bin/env python3
"""Report (and optionally stop) idle single-user servers on the course hub.

Talks to the JupyterHub REST API with a service token taken from
JUPYTERHUB_API_TOKEN. Writes idle_servers.csv in the current directory; with
--stop it asks the hub to shut down servers idle longer than the threshold.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

log = logging.getLogger("hub-idle")


class HubClient:
    def __init__(self, api_url, token, timeout=15):
        self.api_url = api_url.rstrip("/")
        self.token = token
        self.timeout = timeout

    def _request(self, method, path, body=None):
        url = f"{self.api_url}{path}"
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(url, data=data, method=method)
        req.add_header("Authorization", f"token {self.token}")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            raw = resp.read()
            return json.loads(raw) if raw else None

    def users(self):
        return self._request("GET", "/users?state=active")

    def stop_server(self, name, server_name=""):
        quoted = urllib.parse.quote(name)
        suffix = f"/servers/{urllib.parse.quote(server_name)}" if server_name else "/server"
        return self._request("DELETE", f"/users/{quoted}{suffix}")


def parse_ts(value):
    if not value:
        return None
    return dt.datetime.fromisoformat(value.replace("Z", "+00:00"))


def idle_servers(users, threshold, now):
    for user in users:
        for sname, server in (user.get("servers") or {}).items():
            if not server.get("ready"):
                continue
            last = parse_ts(server.get("last_activity")) or parse_ts(user.get("last_activity"))
            if last is None:
                continue
            idle = now - last
            if idle >= threshold:
                yield {
                    "user": user["name"],
                    "server": sname,
                    "last_activity": last.isoformat(timespec="seconds"),
                    "idle_minutes": int(idle.total_seconds() // 60),
                    "image": (server.get("user_options") or {}).get("image", ""),
                }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--api-url", default=os.environ.get("JUPYTERHUB_API_URL", "http://127.0.0.1:8081/hub/api"))
    ap.add_argument("--idle-minutes", type=int, default=90)
    ap.add_argument("--stop", action="store_true")
    ap.add_argument("-o", "--output", default="idle_servers.csv")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("JUPYTERHUB_API_TOKEN")
    if not token:
        log.error("JUPYTERHUB_API_TOKEN is not set")
        return 2
    hub = HubClient(args.api_url, token)

    try:
        users = hub.users()
    except urllib.error.URLError as exc:
        log.error("hub API unreachable: %s", exc)
        return 1

    now = dt.datetime.now(dt.timezone.utc)
    rows = list(idle_servers(users, dt.timedelta(minutes=args.idle_minutes), now))
    with open(args.output, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["user", "server", "last_activity", "idle_minutes", "image"])
        writer.writeheader()
        writer.writerows(rows)
    log.info("%d idle servers written to %s", len(rows), args.output)

    if args.stop:
        for row in rows:
            try:
                hub.stop_server(row["user"], row["server"])
                log.info("stop requested for %s/%s", row["user"], row["server"] or "default")
            except urllib.error.HTTPError as exc:
                log.warning("stop %s failed: HTTP %s", row["user"], exc.code)
    return 0


if __name__ == "__main__":
    sys.exit(main())
