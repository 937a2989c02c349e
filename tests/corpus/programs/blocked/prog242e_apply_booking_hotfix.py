#!/usr/bin/env python3
"""Apply the latest booking-site hotfix published by the platform team.

The platform team publishes small hotfixes (migrations for the deposits
table, cache flushes, template patches) as Python snippets on the internal
update server. This checks the hotfix index for anything newer than the last
applied version recorded in ./hotfix_state.json, downloads each snippet and
runs it in-process with the site settings available, then records it.
"""

import argparse
import json
import logging
import sys
from pathlib import Path

import requests

log = logging.getLogger("apply_hotfix")

UPDATE_BASE = "https://updates.example.org/booking/hotfixes"
STATE_FILE = Path("hotfix_state.json")


class HotfixState:
    def __init__(self, path):
        self.path = path
        self.data = {"applied": []}
        if path.exists():
            try:
                self.data = json.loads(path.read_text())
            except json.JSONDecodeError:
                log.warning("state file unreadable; starting fresh")

    @property
    def applied(self):
        return set(self.data.get("applied", []))

    def record(self, hotfix_id):
        self.data.setdefault("applied", []).append(hotfix_id)
        self.path.write_text(json.dumps(self.data, indent=2))


def fetch_index(session, channel):
    resp = session.get(f"{UPDATE_BASE}/{channel}/index.json", timeout=20)
    resp.raise_for_status()
    entries = resp.json().get("hotfixes", [])
    return sorted(entries, key=lambda e: e["id"])


def fetch_snippet(session, channel, entry):
    resp = session.get(f"{UPDATE_BASE}/{channel}/{entry['file']}", timeout=30)
    resp.raise_for_status()
    return resp.text


def run_snippet(code, entry, settings):
    namespace = {
        "__name__": f"hotfix_{entry['id']}",
        "SETTINGS": settings,
        "log": logging.getLogger(f"hotfix.{entry['id']}"),
    }
    exec(compile(code, entry["file"], "exec"), namespace)
    return namespace.get("RESULT", "ok")


def load_settings(path):
    try:
        return json.loads(Path(path).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        log.warning("settings %s not loaded (%s); hotfixes get an empty dict", path, exc)
        return {}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--channel", default="stable", choices=["stable", "beta"])
    ap.add_argument("--settings", default="site_settings.json")
    ap.add_argument("--list", action="store_true", help="only list pending hotfixes")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    state = HotfixState(STATE_FILE)
    session = requests.Session()
    session.headers["User-Agent"] = "booking-hotfix/1.3"

    try:
        index = fetch_index(session, args.channel)
    except requests.RequestException as exc:
        log.error("cannot reach update server: %s", exc)
        return 1

    pending = [e for e in index if e["id"] not in state.applied]
    log.info("%d hotfixes published, %d pending", len(index), len(pending))
    if args.list:
        for e in pending:
            print(f"{e['id']}  {e.get('summary', '')}")
        return 0

    settings = load_settings(args.settings)
    for entry in pending:
        log.info("applying %s: %s", entry["id"], entry.get("summary", ""))
        try:
            code = fetch_snippet(session, args.channel, entry)
            result = run_snippet(code, entry, settings)
        except requests.RequestException as exc:
            log.error("download of %s failed: %s", entry["id"], exc)
            return 1
        except Exception as exc:  # a broken hotfix must not be marked applied
            log.exception("hotfix %s raised %s", entry["id"], exc)
            return 1
        state.record(entry["id"])
        log.info("hotfix %s done: %s", entry["id"], result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
