#!/usr/bin/env python3
"""Update the donation kiosk's content bundle from the parish update server.

The kiosk in the narthex shows the giving screens (campaign artwork, fund
list, thank-you slides). This tool pulls the published manifest for the
kiosk's channel, downloads any changed assets, checks their hashes and
swaps them in. Channels let the office stage Advent/Lent campaigns.

Settings live in kiosk.ini next to this script:

    [update]
    server = https://updates.stcolumba.example.org
    channel = stable
    kiosk_id = narthex-1
"""

import argparse
import configparser
import hashlib
import json
import logging
import os
import runpy
import sys
from pathlib import Path

import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

LOG = logging.getLogger("kiosk-update")
ASSET_DIR = Path("kiosk_assets")
STATE_FILE = ASSET_DIR / ".installed.json"


def make_session(user_agent):
    retry = Retry(total=5, backoff_factor=1.5,
                  status_forcelist=(429, 500, 502, 503, 504),
                  allowed_methods=("GET", "HEAD"))
    sess = requests.Session()
    sess.mount("https://", HTTPAdapter(max_retries=retry))
    sess.mount("http://", HTTPAdapter(max_retries=retry))
    sess.headers["User-Agent"] = user_agent
    return sess


def load_config(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise SystemExit("config file %s not found" % path)
    sec = cfg["update"]
    return {
        "server": sec.get("server").rstrip("/"),
        "channel": sec.get("channel", "stable"),
        "kiosk_id": sec.get("kiosk_id", "kiosk"),
    }


def load_state():
    try:
        return json.loads(STATE_FILE.read_text())
    except (FileNotFoundError, ValueError):
        return {"files": {}, "version": None}


def save_state(state):
    tmp = STATE_FILE.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=2))
    os.replace(tmp, STATE_FILE)


def sha256_of(data):
    return hashlib.sha256(data).hexdigest()


def fetch_manifest(sess, cfg):
    url = "%s/kiosk/%s/manifest.json" % (cfg["server"], cfg["channel"])
    resp = sess.get(url, params={"kiosk": cfg["kiosk_id"]}, timeout=15)
    resp.raise_for_status()
    return resp.json()


def download_asset(sess, cfg, entry):
    url = "%s/kiosk/%s/%s" % (cfg["server"], cfg["channel"], entry["path"])
    resp = sess.get(url, timeout=30)
    resp.raise_for_status()
    data = resp.content
    if sha256_of(data) != entry["sha256"]:
        raise ValueError("hash mismatch for %s" % entry["path"])
    dest = ASSET_DIR / entry["path"]
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + ".part")
    tmp.write_bytes(data)
    os.replace(tmp, dest)
    return dest


def apply_hooks(sess, cfg, manifest):
    """Run the release's post-update step (cache warmup, slide reindex)."""
    hook = manifest.get("post_update")
    if not hook:
        return
    script = download_asset(sess, cfg, hook)
    LOG.info("running post-update step %s", script.name)
    runpy.run_path(str(script), run_name="__main__")


def update(cfg, run_hooks=True, force=False):
    sess = make_session("kiosk-updater/2.1 (%s)" % cfg["kiosk_id"])
    ASSET_DIR.mkdir(exist_ok=True)
    state = load_state()
    manifest = fetch_manifest(sess, cfg)
    version = manifest.get("version")
    if version == state.get("version") and not force:
        LOG.info("already on %s", version)
        return 0

    changed = 0
    for entry in manifest.get("files", []):
        if not force and state["files"].get(entry["path"]) == entry["sha256"]:
            continue
        try:
            download_asset(sess, cfg, entry)
        except (requests.RequestException, ValueError) as exc:
            LOG.error("failed to fetch %s: %s", entry["path"], exc)
            return 1
        state["files"][entry["path"]] = entry["sha256"]
        changed += 1

    if run_hooks:
        apply_hooks(sess, cfg, manifest)

    state["version"] = version
    save_state(state)
    LOG.info("updated to %s (%d files changed)", version, changed)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="kiosk.ini")
    ap.add_argument("--channel", help="override channel from config")
    ap.add_argument("--force", action="store_true", help="re-download everything")
    ap.add_argument("--skip-hooks", action="store_true",
                    help="do not run the release's post-update step")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    if args.channel:
        cfg["channel"] = args.channel
    try:
        return update(cfg, run_hooks=not args.skip_hooks, force=args.force)
    except requests.RequestException as exc:
        LOG.error("update server unreachable: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
