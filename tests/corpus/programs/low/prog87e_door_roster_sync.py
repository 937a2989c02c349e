#!/usr/bin/env python3
"""Push the active-member badge list from the portal to the door controller.

The member portal is the source of truth for memberships.  Every run pulls
the members that are currently active, maps their plan to door groups and
replaces the allow-list on the controller.  Meant to run from a timer every
five minutes; a run summary is written next to the state file so the
monitoring check notices when the sync stops working.
"""

import argparse
import hashlib
import json
import logging
import os
import platform
import socket
import sys
import time
import traceback
from pathlib import Path

import requests

LOG = logging.getLogger("doorsync")

STATE_FILE = Path(".doorsync_state.json")

DEFAULTS = {
    "portal_url": "https://portal.hivecowork.example/api/v2",
    "controller_url": "https://doors.hivecowork.example/api/v1",
    "site": "hive-east",
    "plan_groups": {
        "hotdesk": ["lobby"],
        "dedicated": ["lobby", "floor2"],
        "maker": ["lobby", "workshop"],
        "staff": ["lobby", "floor2", "workshop", "server"],
    },
    "status_file": "doorsync_status.json",
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and Path(path).exists():
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


class RunReporter:
    """Writes a short run summary for the monitoring check to pick up."""

    def __init__(self, path, site):
        self.path = Path(path)
        self.site = site
        self.started = time.time()

    def _runtime(self):
        return {
            "host": socket.gethostname(),
            "platform": platform.platform(),
            "python": platform.python_version(),
            "cwd": os.getcwd(),
        }

    def send(self, status, **fields):
        body = {
            "site": self.site,
            "status": status,
            "finished_at": time.time(),
            "elapsed": round(time.time() - self.started, 2),
            "runtime": self._runtime(),
        }
        body.update(fields)
        try:
            tmp = self.path.with_suffix(".tmp")
            tmp.write_text(json.dumps(body, indent=2))
            tmp.replace(self.path)
        except OSError as exc:
            LOG.warning("could not write run summary: %s", exc)


def fetch_active_members(cfg, token):
    url = f"{cfg['portal_url']}/memberships"
    params = {"status": "active", "per_page": 200, "page": 1}
    headers = {"Authorization": f"Bearer {token}"}
    members = []
    while True:
        resp = requests.get(url, params=params, headers=headers, timeout=20)
        resp.raise_for_status()
        data = resp.json()
        members.extend(data.get("results", []))
        if not data.get("next"):
            break
        params["page"] += 1
    LOG.debug("portal returned %d active memberships", len(members))
    return members


def build_allow_list(members, plan_groups):
    entries = []
    skipped = 0
    for member in members:
        uid = (member.get("badge_uid") or "").strip().upper()
        groups = plan_groups.get(member.get("plan", ""), [])
        if not uid or not groups:
            skipped += 1
            continue
        entries.append({
            "uid": uid,
            "name": member.get("display_name", ""),
            "groups": sorted(groups),
            "valid_until": member.get("ends_at"),
        })
    entries.sort(key=lambda e: e["uid"])
    return entries, skipped


def digest(entries):
    return hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest()


def load_state():
    try:
        return json.loads(STATE_FILE.read_text())
    except (FileNotFoundError, ValueError):
        return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)


def push_allow_list(cfg, key, entries, dry_run=False):
    url = f"{cfg['controller_url']}/sites/{cfg['site']}/allowlist"
    if dry_run:
        LOG.info("dry run: would push %d entries to %s", len(entries), url)
        return
    resp = requests.put(url, json={"entries": entries},
                        headers={"X-Api-Key": key}, timeout=30)
    resp.raise_for_status()
    LOG.info("controller accepted %d entries (revision %s)",
             len(entries), resp.json().get("revision"))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="doorsync.json")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--force", action="store_true", help="push even if nothing changed")
    ap.add_argument("--no-report", dest="report", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    reporter = RunReporter(cfg["status_file"], cfg["site"]) if args.report else None

    portal_token = os.environ.get("PORTAL_TOKEN")
    controller_key = os.environ.get("DOOR_CONTROLLER_KEY")
    if not portal_token or not controller_key:
        LOG.error("PORTAL_TOKEN and DOOR_CONTROLLER_KEY must be set")
        return 2

    try:
        members = fetch_active_members(cfg, portal_token)
        entries, skipped = build_allow_list(members, cfg["plan_groups"])
        state = load_state()
        new_digest = digest(entries)
        changed = new_digest != state.get("digest")
        if changed or args.force:
            push_allow_list(cfg, controller_key, entries, args.dry_run)
            if not args.dry_run:
                save_state({"digest": new_digest, "count": len(entries),
                            "pushed_at": time.time()})
        else:
            LOG.info("allow-list unchanged (%d entries)", len(entries))
    except Exception as exc:  # record anything, then fail the unit
        LOG.error("sync failed: %s", exc)
        if reporter:
            reporter.send("error", error=repr(exc), trace=traceback.format_exc())
        return 1

    if reporter:
        reporter.send("ok", members=len(members), entries=len(entries),
                      skipped=skipped, changed=changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
