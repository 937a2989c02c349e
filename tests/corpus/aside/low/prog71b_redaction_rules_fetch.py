#!/usr/bin/env python3
"""Redaction runner that keeps its rule pack in sync with the compliance hub.

The hub publishes a JSON rule pack of regex patterns.  Check-digit validation
for card and account numbers is done locally.  This tool refreshes the local
copy, then redacts every text export in the input folder.
"""
import argparse
import json
import logging
import os
import re
import sys
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


def luhn_ok(candidate):
    digits = [int(c) for c in candidate if c.isdigit()]
    if len(digits) < 12:
        return False
    total = 0
    for i, d in enumerate(reversed(digits)):
        if i % 2:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


LOCAL_VALIDATORS = {"card_number": luhn_ok}


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
            try:
                compiled = re.compile(rule["pattern"], flags)
            except re.error as exc:
                LOG.warning("skipping rule %s: %s", rule.get("name"), exc)
                continue
            self.rules.append((rule["name"], compiled, rule.get("replacement", "[REDACTED]")))
        self.validators = {k: v for k, v in LOCAL_VALIDATORS.items()
                           if any(name == k for name, _, _ in self.rules)}
        LOG.info("rule pack %s: %d rules, %d validators",
                 self.version, len(self.rules), len(self.validators))

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
