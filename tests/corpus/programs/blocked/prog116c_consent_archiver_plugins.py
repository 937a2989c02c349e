#!/usr/bin/env python3
"""Keep the consent-form archiver's templates and renderers in step with the sponsor.

The sponsor publishes a manifest listing every approved consent template
(ICF version, language, IRB approval date) together with a SHA-256 digest,
plus the renderer plugins that stamp witness/LAR signature blocks for that
protocol.  This tool fetches the manifest, downloads what we do not yet have,
checks the digest, and registers renderers so the archiver can use them.
"""
import argparse
import configparser
import hashlib
import http.client
import importlib.util
import json
import logging
import os
import sys
from pathlib import Path
from urllib.parse import urlsplit

LOG = logging.getLogger("consent.templates")
DEFAULT_CONF = "archiver.conf"
RENDERERS = {}


class TemplateSource:
    """Minimal HTTPS client for the sponsor's template registry."""

    def __init__(self, base_url, timeout=15):
        parts = urlsplit(base_url)
        self.host = parts.hostname
        self.port = parts.port or 443
        self.prefix = parts.path.rstrip("/")
        self.timeout = timeout

    def _get(self, path):
        conn = http.client.HTTPSConnection(self.host, self.port, timeout=self.timeout)
        try:
            conn.request("GET", f"{self.prefix}/{path.lstrip('/')}",
                         headers={"User-Agent": "consent-archiver/3.4"})
            resp = conn.getresponse()
            body = resp.read()
            if resp.status != 200:
                raise RuntimeError(f"GET {path}: HTTP {resp.status}")
            return body
        finally:
            conn.close()

    def manifest(self, protocol):
        return json.loads(self._get(f"protocols/{protocol}/manifest.json"))

    def fetch(self, entry):
        return self._get(entry["path"])


def load_config(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        LOG.warning("no %s, using defaults", path)
    sect = cfg["templates"] if cfg.has_section("templates") else {}
    return {
        "base_url": sect.get("base_url", "https://templates.sponsor-portal.example.com/icf"),
        "protocol": sect.get("protocol", os.environ.get("TRIAL_PROTOCOL", "")),
        "dest": sect.get("dest", "templates"),
    }


def register_renderer(name, code):
    """Make a sponsor renderer importable by the archiver under consent_renderers.<name>."""
    modname = f"consent_renderers.{Path(name).stem}"
    spec = importlib.util.spec_from_loader(modname, loader=None, origin=name)
    module = importlib.util.module_from_spec(spec)
    exec(compile(code, name, "exec"), module.__dict__)
    sys.modules[modname] = module
    RENDERERS[Path(name).stem] = module
    hook = getattr(module, "on_register", None)
    if callable(hook):
        hook({"archiver": "3.4"})
    return module


def install(src, entry, dest):
    target = dest / Path(entry["name"]).name
    if target.exists() and hashlib.sha256(target.read_bytes()).hexdigest() == entry["sha256"]:
        LOG.debug("%s up to date", entry["name"])
        if entry.get("kind") == "renderer":
            register_renderer(target.name, target.read_bytes())
        return False
    data = src.fetch(entry)
    digest = hashlib.sha256(data).hexdigest()
    if digest != entry["sha256"]:
        raise ValueError(f"{entry['name']}: digest mismatch {digest}")
    tmp = target.with_suffix(target.suffix + ".part")
    tmp.write_bytes(data)
    tmp.replace(target)
    if entry.get("kind") == "renderer":
        register_renderer(target.name, data)
    LOG.info("installed %s (ICF v%s, %s)", entry["name"], entry.get("version"),
             entry.get("language", "en"))
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default=DEFAULT_CONF)
    ap.add_argument("--protocol")
    ap.add_argument("--list", action="store_true", help="only print the manifest")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    conf = load_config(args.config)
    protocol = args.protocol or conf["protocol"]
    if not protocol:
        sys.exit("protocol not configured")
    src = TemplateSource(conf["base_url"])
    try:
        manifest = src.manifest(protocol)
    except (OSError, RuntimeError, ValueError) as exc:
        sys.exit(f"manifest fetch failed: {exc}")

    if args.list:
        for e in manifest.get("templates", []):
            print(f"{e['name']:40} v{e.get('version', '?'):6} {e.get('irb_approved', '')}")
        return

    dest = Path(conf["dest"]) / protocol
    dest.mkdir(parents=True, exist_ok=True)
    changed = failed = 0
    for entry in manifest.get("templates", []):
        try:
            changed += install(src, entry, dest)
        except (OSError, RuntimeError, ValueError) as exc:
            failed += 1
            LOG.error("%s: %s", entry.get("name"), exc)
    LOG.info("%d updated, %d failed, renderers: %s", changed, failed,
             ", ".join(sorted(RENDERERS)) or "none")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
