#!/usr/bin/env python3
"""Now-playing publisher.

Reads the current track from the Icecast status page and publishes it to
the station website's API so the "on air now" box stays current. The API
key comes from the environment and is only sent to the website API.
"""
import argparse
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request

log = logging.getLogger("nowplaying")

CONFIG = {
    "status_host": ("stream", "example", "org"),
    "status_port": 8000,
    "status_path": "status-json.xsl",
    "api_host": ("api", "example", "org"),
    "api_path": "v1/now-playing",
    "key_var": "STATION_API_KEY",
    "timeout": 8,
    "state_file": ".nowplaying.last",
}


def _host(parts):
    return ".".join(parts)


class IcecastStatus:
    def __init__(self, cfg):
        self.url = "http://{}:{}/{}".format(
            _host(cfg["status_host"]), cfg["status_port"], cfg["status_path"])
        self.timeout = cfg["timeout"]

    def current(self, mount):
        with urllib.request.urlopen(self.url, timeout=self.timeout) as resp:
            data = json.load(resp)
        sources = data.get("icestats", {}).get("source", [])
        if isinstance(sources, dict):
            sources = [sources]
        for s in sources:
            if s.get("listenurl", "").endswith(mount):
                return {"title": s.get("title") or s.get("yp_currently_playing", ""),
                        "listeners": s.get("listeners", 0)}
        return None


class WebsiteApi:
    def __init__(self, cfg):
        self.url = "https://{}/{}".format(_host(cfg["api_host"]), cfg["api_path"])
        self.key = os.environ.get(cfg["key_var"], "")
        self.timeout = cfg["timeout"]
        if not self.key:
            raise SystemExit("{} is not set".format(cfg["key_var"]))

    def publish(self, payload):
        req = urllib.request.Request(
            self.url,
            data=json.dumps(payload).encode("utf-8"),
            headers={"Content-Type": "application/json",
                     "X-Api-Key": self.key},
            method="POST",
        )
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status


def last_title(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read().strip()
    except OSError:
        return ""


def remember(path, title):
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(title)


def tick(status, api, mount, state_file):
    info = status.current(mount)
    if not info or not info["title"]:
        log.info("nothing playing on %s", mount)
        return
    if info["title"] == last_title(state_file):
        log.debug("unchanged: %s", info["title"])
        return
    code = api.publish({"mount": mount, "title": info["title"],
                        "listeners": info["listeners"], "ts": int(time.time())})
    log.info("published %r (HTTP %s)", info["title"], code)
    remember(state_file, info["title"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mount", default="/live.mp3")
    ap.add_argument("--every", type=int, default=20)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    status, api = IcecastStatus(CONFIG), WebsiteApi(CONFIG)
    while True:
        try:
            tick(status, api, args.mount, CONFIG["state_file"])
        except (urllib.error.URLError, ValueError) as exc:
            log.warning("tick failed: %s", exc)
        if args.once:
            return 0
        time.sleep(args.every)


if __name__ == "__main__":
    sys.exit(main())
