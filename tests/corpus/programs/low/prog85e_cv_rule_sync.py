#!/usr/bin/env python3
"""Resume parsing worker with layout rule packs.

Rule packs for new CV layouts (Europass, LinkedIn PDF exports, the agency
Word templates) are published to the rule registry by the data team as JSON
files of named regular expressions, so the worker picks them up without a
redeploy.  Core fields (name, e-mail, phone, skills) are always parsed
locally; rule packs add layout-specific fields.
"""
import argparse
import hashlib
import http.client
import json
import logging
import os
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

LOG = logging.getLogger("cvparse")

DEFAULT_REGISTRY = os.environ.get(
    "CV_RULE_REGISTRY", "https://plugins.talentbridge-ats.com/rules/"
)
CACHE_DIR = Path(".cvparse_cache")

EMAIL_RE = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+")
PHONE_RE = re.compile(r"\+?\d[\d\s().-]{7,}\d")
SKILL_WORDS = {
    "python", "java", "sql", "excel", "salesforce", "sap", "aws", "react",
    "recruitment", "payroll", "forklift", "nursing", "accounting",
}


def http_get(url, timeout=15):
    """Small GET helper; the worker image ships without requests."""
    parts = urlsplit(url)
    if parts.scheme == "https":
        conn = http.client.HTTPSConnection(parts.netloc, timeout=timeout)
    else:
        conn = http.client.HTTPConnection(parts.netloc, timeout=timeout)
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    try:
        conn.request("GET", path, headers={"User-Agent": "cvparse-worker/2.3"})
        resp = conn.getresponse()
        body = resp.read()
        if resp.status != 200:
            raise RuntimeError(f"{url}: HTTP {resp.status}")
        return body
    finally:
        conn.close()


class RulePackRegistry:
    """Keeps the set of layout rule packs in sync with the registry."""

    def __init__(self, base_url):
        self.base_url = base_url.rstrip("/") + "/"
        self.packs = {}

    def manifest(self):
        raw = http_get(self.base_url + "index.json")
        return json.loads(raw.decode("utf-8"))

    @staticmethod
    def _compile_pack(name, pack):
        compiled = {}
        for field, pattern in pack.get("fields", {}).items():
            try:
                compiled[field] = re.compile(pattern, re.IGNORECASE | re.MULTILINE)
            except re.error as exc:
                LOG.warning("pack %s: bad pattern for %s: %s", name, field, exc)
        return compiled

    def sync(self):
        CACHE_DIR.mkdir(exist_ok=True)
        try:
            entries = self.manifest().get("packs", [])
        except (OSError, RuntimeError, ValueError) as exc:
            LOG.warning("registry unavailable, core fields only: %s", exc)
            return self.packs
        for entry in entries:
            name = entry.get("name")
            if not name:
                continue
            try:
                raw = http_get(self.base_url + entry["file"])
                pack = json.loads(raw.decode("utf-8"))
            except (OSError, RuntimeError, KeyError, ValueError) as exc:
                LOG.warning("skipping pack %s: %s", name, exc)
                continue
            digest = hashlib.sha256(raw).hexdigest()
            (CACHE_DIR / f"{name}.json").write_bytes(raw)
            (CACHE_DIR / f"{name}.sha256").write_text(digest + "\n")
            self.packs[name] = self._compile_pack(name, pack)
            LOG.info("rule pack %s ready (%d fields, %s)", name,
                     len(self.packs[name]), digest[:12])
        return self.packs


def parse_core(text):
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    words = {w.lower().strip(".,;:()") for w in text.split()}
    phone = PHONE_RE.search(text)
    email = EMAIL_RE.search(text)
    return {
        "name": lines[0] if lines else None,
        "email": email.group(0) if email else None,
        "phone": phone.group(0).strip() if phone else None,
        "skills": sorted(SKILL_WORDS & words),
    }


def parse_file(path, packs):
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    record = {"source": str(path), **parse_core(text)}
    for name, fields in packs.items():
        for field, rx in fields.items():
            match = rx.search(text)
            if match:
                value = match.group(1) if rx.groups else match.group(0)
                record.setdefault("layout_fields", {})[field] = value.strip()
    return record


def main(argv=None):
    ap = argparse.ArgumentParser(description="Parse plain-text CVs into JSON lines")
    ap.add_argument("cvs", nargs="+", help="text files produced by the converter")
    ap.add_argument("--registry", default=DEFAULT_REGISTRY)
    ap.add_argument("--offline", action="store_true", help="core fields only")
    ap.add_argument("-o", "--output", default="parsed_cvs.jsonl")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )

    packs = {} if args.offline else RulePackRegistry(args.registry).sync()
    ok = failed = 0
    with open(args.output, "w", encoding="utf-8") as out:
        for cv in args.cvs:
            try:
                out.write(json.dumps(parse_file(cv, packs)) + "\n")
                ok += 1
            except OSError as exc:
                LOG.error("cannot read %s: %s", cv, exc)
                failed += 1
    LOG.info("parsed %d CVs, %d failed, output in %s", ok, failed, args.output)
    return 1 if failed and not ok else 0


if __name__ == "__main__":
    sys.exit(main())
