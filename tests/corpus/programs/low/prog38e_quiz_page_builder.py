#!/usr/bin/env python3
"""Build static practice-quiz pages from the YAML question banks.

Each bank in ./banks/*.yaml looks like:

    title: Week 3 - Recursion
    questions:
      - prompt: "What does fib(5) return?"
        choices: ["3", "5", "8"]
        answer: 1
        figure: figures/fib_tree.png

Pages are written to ./site/ with figures inlined as data URIs so the
folder can be zipped and uploaded to the LMS as a single package.
"""
from __future__ import annotations

import argparse
import base64
import logging
import mimetypes
import sys
from pathlib import Path

import yaml
from jinja2 import Environment, FileSystemLoader, select_autoescape

log = logging.getLogger("quizpages")

PAGE_TEMPLATE = "quiz.html.j2"
FALLBACK_TEMPLATE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{{ bank.title }}</title></head>
<body>
<h1>{{ bank.title }}</h1>
{% for q in bank.questions %}
<section class="q" id="q{{ loop.index }}">
  <p>{{ loop.index }}. {{ q.prompt }}</p>
  {% if q.figure_uri %}<img alt="figure" src="{{ q.figure_uri }}">{% endif %}
  <ol type="A">
  {% for c in q.choices %}<li data-ok="{{ 1 if loop.index0 == q.answer else 0 }}">{{ c }}</li>{% endfor %}
  </ol>
</section>
{% endfor %}
</body></html>
"""


class BankError(ValueError):
    pass


def inline_figure(bank_dir: Path, rel: str | None) -> str | None:
    if not rel:
        return None
    path = (bank_dir / rel).resolve()
    if not path.is_file():
        log.warning("figure %s not found", rel)
        return None
    mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    encoded = base64.b64encode(path.read_bytes()).decode("ascii")
    return f"data:{mime};base64,{encoded}"


def load_bank(path: Path) -> dict:
    with path.open(encoding="utf-8") as fh:
        bank = yaml.safe_load(fh) or {}
    if "questions" not in bank:
        raise BankError(f"{path.name}: no 'questions' list")
    for i, q in enumerate(bank["questions"], 1):
        choices = q.get("choices") or []
        if not isinstance(q.get("answer"), int) or not 0 <= q["answer"] < len(choices):
            raise BankError(f"{path.name}: question {i} has an invalid answer index")
        q["figure_uri"] = inline_figure(path.parent, q.get("figure"))
    bank.setdefault("title", path.stem.replace("_", " ").title())
    return bank


def make_env(template_dir: Path) -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(template_dir)),
        autoescape=select_autoescape(["html", "j2"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    return env


def render_all(banks_dir: Path, out_dir: Path, template_dir: Path) -> int:
    env = make_env(template_dir)
    if (template_dir / PAGE_TEMPLATE).exists():
        template = env.get_template(PAGE_TEMPLATE)
    else:
        log.info("no %s, using built-in template", PAGE_TEMPLATE)
        template = env.from_string(FALLBACK_TEMPLATE)

    out_dir.mkdir(parents=True, exist_ok=True)
    count = 0
    index_rows = []
    for bank_path in sorted(banks_dir.glob("*.y*ml")):
        try:
            bank = load_bank(bank_path)
        except (BankError, yaml.YAMLError) as exc:
            log.error("%s", exc)
            continue
        target = out_dir / f"{bank_path.stem}.html"
        target.write_text(template.render(bank=bank), encoding="utf-8")
        index_rows.append((target.name, bank["title"], len(bank["questions"])))
        count += 1
        log.info("wrote %s (%d questions)", target, len(bank["questions"]))

    index = env.from_string(
        "<ul>{% for f, t, n in rows %}<li><a href='{{ f }}'>{{ t }}</a> ({{ n }})</li>{% endfor %}</ul>"
    )
    (out_dir / "index.html").write_text(index.render(rows=index_rows), encoding="utf-8")
    return count


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Render quiz banks to static HTML")
    ap.add_argument("--banks", type=Path, default=Path("banks"))
    ap.add_argument("--out", type=Path, default=Path("site"))
    ap.add_argument("--templates", type=Path, default=Path("templates"))
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(message)s")
    n = render_all(args.banks, args.out, args.templates)
    print(f"{n} quiz page(s) in {args.out}/")
    return 0 if n else 1


if __name__ == "__main__":
    sys.exit(main())
