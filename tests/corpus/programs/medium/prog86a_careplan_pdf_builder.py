#!/usr/bin/env python3
"""Build printable hospice care-plan PDFs from the EHR care-plan export.

Each signed plan of care is exported by the EHR as JSON (problems, goals,
interventions, disciplines and visit frequencies, medications, DME).  This
tool renders it through the agency's HTML templates and converts the result
to PDF with wkhtmltopdf, producing the copy left in the patient's home
binder and the one sent to the attending physician.

    careplan_pdf_builder.py exports/*.json --out pdf/ --large-print
"""
import argparse
import datetime as dt
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

LOG = logging.getLogger("careplan_pdf")
TEMPLATE_DIR = Path(__file__).with_name("templates")

DISCIPLINE_LABELS = {
    "SN": "Skilled Nursing", "HHA": "Hospice Aide", "MSW": "Social Work",
    "CHAP": "Spiritual Care", "VOL": "Volunteer", "BER": "Bereavement",
}


def frequency_text(freq):
    """'1W4,2W2' -> '1x/week for 4 weeks, then 2x/week for 2 weeks'"""
    parts = []
    for chunk in filter(None, (c.strip() for c in freq.split(","))):
        times, _, weeks = chunk.upper().partition("W")
        parts.append(f"{times}x/week for {weeks} week{'s' if weeks != '1' else ''}")
    return ", then ".join(parts) or "as needed"


def make_env(template_dir, large_print):
    env = Environment(
        loader=FileSystemLoader(str(template_dir)),
        autoescape=False,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["freq"] = frequency_text
    env.filters["discipline"] = lambda code: DISCIPLINE_LABELS.get(code, code)
    env.globals.update(large_print=large_print, generated=dt.datetime.now().strftime("%m/%d/%Y %H:%M"))
    return env


def load_plan(path):
    plan = json.loads(path.read_text(encoding="utf-8"))
    for key in ("patient", "problems", "disciplines", "signed_by"):
        if key not in plan:
            raise ValueError(f"{path.name}: missing '{key}'")
    plan["problems"].sort(key=lambda p: p.get("priority", 99))
    return plan


def html_to_pdf(html_path, pdf_path, large_print):
    tool = shutil.which("wkhtmltopdf")
    if not tool:
        raise RuntimeError("wkhtmltopdf is not installed")
    cmd = [tool, "--quiet", "--page-size", "Letter", "--margin-top", "14mm",
           "--margin-bottom", "14mm", "--footer-center", "Page [page] of [topage]",
           "--footer-font-size", "9", "--enable-local-file-access"]
    if large_print:
        cmd += ["--zoom", "1.35"]
    cmd += [str(html_path), str(pdf_path)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if proc.returncode not in (0, 1):  # 1 = non-fatal asset warnings
        raise RuntimeError(f"wkhtmltopdf failed: {proc.stderr.strip()[:400]}")


def build_one(env, plan_path, out_dir, large_print, keep_html):
    plan = load_plan(plan_path)
    tpl = env.get_template(plan.get("template", "plan_of_care.html"))
    html = tpl.render(plan=plan, patient=plan["patient"], problems=plan["problems"],
                      disciplines=plan["disciplines"], meds=plan.get("medications", []),
                      dme=plan.get("dme", []), family_notes=plan.get("family_notes", ""))
    stem = f"{plan['patient']['mrn']}_careplan_{plan.get('effective', dt.date.today().isoformat())}"
    html_path = out_dir / f"{stem}.html"
    html_path.write_text(html, encoding="utf-8")
    pdf_path = out_dir / f"{stem}{'_LP' if large_print else ''}.pdf"
    try:
        html_to_pdf(html_path, pdf_path, large_print)
    finally:
        if not keep_html:
            html_path.unlink(missing_ok=True)
    return pdf_path


def main(argv=None):
    ap = argparse.ArgumentParser(description="Render care-plan exports to PDF")
    ap.add_argument("plans", nargs="+", type=Path)
    ap.add_argument("--out", type=Path, default=Path("pdf"))
    ap.add_argument("--templates", type=Path, default=TEMPLATE_DIR)
    ap.add_argument("--large-print", action="store_true")
    ap.add_argument("--keep-html", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    args.out.mkdir(parents=True, exist_ok=True)
    env = make_env(args.templates, args.large_print)
    ok = failed = 0
    for p in args.plans:
        try:
            pdf = build_one(env, p, args.out, args.large_print, args.keep_html)
            LOG.info("%s -> %s", p.name, pdf.name)
            ok += 1
        except (OSError, ValueError, RuntimeError, subprocess.TimeoutExpired) as exc:
            LOG.error("%s: %s", p.name, exc)
            failed += 1
        except Exception as exc:  # template errors from jinja2
            LOG.error("%s: template error: %s", p.name, exc)
            failed += 1
    LOG.info("%d built, %d failed", ok, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
