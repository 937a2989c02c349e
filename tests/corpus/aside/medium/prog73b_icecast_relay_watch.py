#!/usr/bin/env python3
"""Icecast relay watch for the WaveCast station network.

Polls the Icecast status endpoint of every relay listed in relays.ini,
records listener counts and mount health to relay_state.json and, in a
background thread, probes each relay's main mount with ffprobe so that a
mount that is "up" but carrying silence or the wrong codec gets noticed.
"""
import argparse
import configparser
import json
import logging
import subprocess
import sys
import threading
import time
from pathlib import Path

import requests

log = logging.getLogger("relay-watch")

DEFAULTS = {
    "poll_interval": "30",
    "state_file": "relay_state.json",
    "probe_enabled": "yes",
    "probe_mount": "live",
    "probe_interval": "300",
}


class StreamProber(threading.Thread):
    """Runs ffprobe against each relay's main mount and keeps the results."""

    def __init__(self, relays, mount, interval):
        super().__init__(name="stream-prober", daemon=True)
        self.relays = relays
        self.mount = mount
        self.interval = interval
        self.results = {}
        self._halt = threading.Event()

    def stop(self):
        self._halt.set()

    def _probe(self, url):
        cmd = ["ffprobe", "-v", "error", "-print_format", "json",
               "-show_streams", "-rw_timeout", "10000000", url]
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=30, check=True)
        streams = json.loads(out.stdout).get("streams", [])
        audio = next((s for s in streams if s.get("codec_type") == "audio"), {})
        return {"codec": audio.get("codec_name"), "rate": audio.get("sample_rate"),
                "channels": audio.get("channels")}

    def run(self):
        while not self._halt.is_set():
            for name, base in self.relays.items():
                url = f"{base.rstrip('/')}/{self.mount}"
                try:
                    self.results[name] = self._probe(url)
                except (subprocess.SubprocessError, ValueError, OSError) as exc:
                    log.warning("%s: probe failed: %s", name, exc)
                    self.results[name] = {"error": str(exc)}
            self._halt.wait(self.interval)


class RelayMonitor:
    def __init__(self, relays, state_file, interval, prober=None):
        self.relays = relays
        self.state_file = Path(state_file)
        self.interval = interval
        self.prober = prober
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "wavecast-relay-watch/1.8"

    def poll(self, name, url):
        try:
            resp = self.session.get(url.rstrip("/") + "/status-json.xsl", timeout=10)
            resp.raise_for_status()
            stats = resp.json().get("icestats", {})
        except (requests.RequestException, ValueError) as exc:
            log.warning("%s: status fetch failed: %s", name, exc)
            return {"up": False, "error": str(exc)}
        sources = stats.get("source") or []
        if isinstance(sources, dict):
            sources = [sources]
        mounts = {}
        for src in sources:
            mount = src.get("listenurl", "").rsplit("/", 1)[-1]
            mounts[mount] = {
                "listeners": src.get("listeners", 0),
                "bitrate": src.get("bitrate"),
                "title": src.get("title"),
            }
        result = {"up": True, "mounts": mounts, "checked": int(time.time())}
        if self.prober and name in self.prober.results:
            result["probe"] = self.prober.results[name]
        return result

    def write_state(self, state):
        tmp = self.state_file.with_suffix(".tmp")
        tmp.write_text(json.dumps(state, indent=2))
        tmp.replace(self.state_file)

    def run_forever(self):
        while True:
            state = {}
            for name, url in self.relays.items():
                state[name] = self.poll(name, url)
                total = sum(m["listeners"] for m in state[name].get("mounts", {}).values())
                log.info("%-12s up=%s listeners=%d", name, state[name]["up"], total)
            self.write_state(state)
            time.sleep(self.interval)


def load_config(path):
    cfg = configparser.ConfigParser(defaults=DEFAULTS)
    if not cfg.read(path):
        log.error("cannot read %s", path)
        sys.exit(2)
    if not cfg.has_section("relays"):
        log.error("%s has no [relays] section", path)
        sys.exit(2)
    return cfg


def main():
    ap = argparse.ArgumentParser(description="Icecast relay watch")
    ap.add_argument("-c", "--config", default="relays.ini")
    ap.add_argument("--once", action="store_true", help="poll once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    general = cfg["DEFAULT"]
    relays = {k: v for k, v in cfg.items("relays") if k not in DEFAULTS}

    prober = None
    if general.getboolean("probe_enabled"):
        prober = StreamProber(relays, general["probe_mount"], general.getint("probe_interval"))
        prober.start()
    monitor = RelayMonitor(relays, general["state_file"], general.getint("poll_interval"), prober)

    if args.once:
        monitor.write_state({n: monitor.poll(n, u) for n, u in relays.items()})
        return 0
    try:
        monitor.run_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())
