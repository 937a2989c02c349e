#!/usr/bin/env python3
"""Check projection and surtitle assets referenced by a show manifest.

The manifest (JSON, in the working directory) lists every still, video and
surtitle file with the URL it is served from. Before the half, the desk
technician runs this to confirm every asset answers, and to note whether the
desk CPU is up to the decode load of tonight's videos.
"""
import argparse
import concurrent.futures
import json
import logging
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("asset-check")

DEFAULTS = {
    "manifest": "show_manifest.json",
    "timeout": 8,
    "workers": 6,
    "report": "asset_report.json",
    "allowed_hosts": ("media.example.org", "cdn.example.net", "203.0.113.20"),
}


def cpu_summary(path="/proc/cpuinfo"):
    info = {"model": "unknown", "cores": 0, "flags": []}
    try:
        with open(path) as fh:
            for line in fh:
                key, _, val = line.partition(":")
                key, val = key.strip(), val.strip()
                if key == "model name" and info["model"] == "unknown":
                    info["model"] = val
                elif key == "processor":
                    info["cores"] += 1
                elif key == "flags" and not info["flags"]:
                    info["flags"] = [f for f in val.split() if f in ("avx2", "sse4_2", "aes")]
    except OSError as exc:
        log.debug("cpuinfo unreadable: %s", exc)
    return info


class Asset:
    def __init__(self, entry):
        self.name = entry["name"]
        self.url = entry["url"]
        self.kind = entry.get("kind", "still")

    def host(self):
        return urllib.parse.urlparse(self.url).hostname or ""

    def probe(self, timeout):
        req = urllib.request.Request(self.url, method="HEAD")
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return {"status": resp.status,
                        "length": resp.headers.get("Content-Length"),
                        "type": resp.headers.get("Content-Type")}
        except urllib.error.HTTPError as exc:
            return {"status": exc.code}
        except (urllib.error.URLError, OSError) as exc:
            return {"status": None, "error": str(exc)}


def load_manifest(path):
    data = json.loads(Path(path).read_text("utf-8"))
    return [Asset(e) for e in data.get("assets", [])]


def check_all(assets, cfg):
    results = {}
    usable = [a for a in assets if a.host() in cfg["allowed_hosts"]]
    for a in set(assets) - set(usable):
        results[a.name] = {"status": None, "error": "host not in allow list"}
    with concurrent.futures.ThreadPoolExecutor(max_workers=cfg["workers"]) as pool:
        futs = {pool.submit(a.probe, cfg["timeout"]): a for a in usable}
        for fut in concurrent.futures.as_completed(futs):
            results[futs[fut].name] = fut.result()
    return results


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--manifest", default=DEFAULTS["manifest"])
    ap.add_argument("--timeout", type=int, default=DEFAULTS["timeout"])
    ap.add_argument("--report", default=DEFAULTS["report"])
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cfg = dict(DEFAULTS, timeout=args.timeout)
    try:
        assets = load_manifest(args.manifest)
    except (OSError, ValueError, KeyError) as exc:
        log.error("manifest problem: %s", exc)
        return 1
    results = check_all(assets, cfg)
    bad = sorted(n for n, r in results.items() if r.get("status") not in (200, 204))
    cpu = cpu_summary()
    Path(args.report).write_text(json.dumps({"cpu": cpu, "assets": results}, indent=2))
    log.info("%d assets checked, %d problems; desk CPU %s x%d",
             len(results), len(bad), cpu["model"], cpu["cores"])
    for name in bad:
        log.info("  PROBLEM %s: %s", name, results[name])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
