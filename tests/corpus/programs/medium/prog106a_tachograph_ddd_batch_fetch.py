#!/usr/bin/env python3
"""Download tachograph .ddd files from depot card-reader gateways.

Each depot runs a small gateway appliance that collects vehicle unit and
driver card downloads overnight. This tool pulls new files, stores them by
registration and date, and converts them to JSON with ``dddparser`` so the
compliance team can load them into the infringement analysis system.
"""
import argparse
import configparser
import json
import logging
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import requests

LOG = logging.getLogger("ddd-fetch")

DEFAULTS = {
    "gateway": "http://tacho-gw.depot.local:8080",
    "depot": "HQ",
    "output": "./ddd",
    "parser": "dddparser",
    "timeout": "20",
}


class GatewayClient:
    """Thin wrapper around the gateway REST API."""

    def __init__(self, base_url, depot, timeout=20):
        self.base_url = base_url.rstrip("/")
        self.depot = depot
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "ddd-fetch/2.3"

    def list_files(self, since):
        r = self.session.get(
            f"{self.base_url}/api/v1/files",
            params={"since": since.isoformat(), "depot": self.depot},
            timeout=self.timeout,
        )
        r.raise_for_status()
        return r.json().get("files", [])

    def fetch(self, file_id):
        r = self.session.get(f"{self.base_url}/api/v1/files/{file_id}/raw", timeout=self.timeout)
        r.raise_for_status()
        return r.content


def store(raw, meta, out_root):
    kind = meta.get("kind", "vu")
    ident = meta.get("registration") or meta.get("card_number", "unknown")
    day = meta.get("downloaded", date.today().isoformat())[:10]
    target = out_root / kind / ident.replace(" ", "")
    target.mkdir(parents=True, exist_ok=True)
    path = target / f"{day}_{meta['id']}.ddd"
    path.write_bytes(raw)
    return path


def convert(path, parser):
    out = path.with_suffix(".json")
    try:
        res = subprocess.run([parser, "--json", str(path)], capture_output=True, text=True, timeout=120)
    except FileNotFoundError:
        LOG.warning("%s not installed, skipping conversion", parser)
        return None
    if res.returncode != 0:
        LOG.error("conversion failed for %s: %s", path.name, res.stderr.strip())
        return None
    out.write_text(res.stdout)
    return out


def load_config(path):
    cp = configparser.ConfigParser()
    cp["tacho"] = DEFAULTS
    if path and Path(path).exists():
        cp.read(path)
    return cp["tacho"]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="tacho.ini")
    ap.add_argument("--days", type=int, default=1, help="look back this many days")
    ap.add_argument("--no-convert", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    client = GatewayClient(cfg["gateway"], cfg["depot"], timeout=cfg.getint("timeout"))
    out_root = Path(cfg["output"])
    since = date.today() - timedelta(days=args.days)

    try:
        files = client.list_files(since)
    except requests.RequestException as exc:
        LOG.error("gateway unreachable: %s", exc)
        return 2

    manifest = []
    for meta in files:
        try:
            raw = client.fetch(meta["id"])
        except requests.RequestException as exc:
            LOG.warning("skip %s: %s", meta.get("id"), exc)
            continue
        path = store(raw, meta, out_root)
        LOG.info("saved %s (%d bytes)", path, len(raw))
        converted = None if args.no_convert else convert(path, cfg["parser"])
        manifest.append({"file": str(path), "json": str(converted) if converted else None, **meta})

    (out_root / "manifest.json").write_text(json.dumps(manifest, indent=2))
    LOG.info("%d files downloaded for depot %s", len(manifest), cfg["depot"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
