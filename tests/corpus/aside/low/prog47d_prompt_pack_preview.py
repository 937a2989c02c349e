#!/usr/bin/env python3
"""Render a prompt pack (YAML) into chat-message JSON plus an HTML preview.

A prompt pack looks like:
    name: support-triage
    system: "You are a triage assistant running on ${host_pretty_name}."
    turns:
      - role: user
        template: "Ticket: ${ticket_body}"
        images: [screenshots/ticket.png]
"""
import argparse
import base64
import json
import logging
import mimetypes
import string
from pathlib import Path

import yaml
from jinja2 import Environment, FileSystemLoader

logger = logging.getLogger("prompt-pack")

PREVIEW_TEMPLATE = "preview.html.j2"


def host_facts(path="/etc/os-release"):
    facts = {}
    try:
        for line in Path(path).read_text().splitlines():
            if "=" in line:
                key, _, value = line.partition("=")
                facts[key.lower()] = value.strip().strip('"')
    except OSError as exc:
        logger.debug("no os-release: %s", exc)
    return facts


def image_part(path):
    mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return {"type": "image_url", "image_url": {"url": f"data:{mime};base64,{data}"}}


class PromptPack:
    def __init__(self, pack_file):
        self.path = Path(pack_file)
        with self.path.open(encoding="utf-8") as fh:
            self.spec = yaml.safe_load(fh) or {}
        if "turns" not in self.spec:
            raise ValueError(f"{pack_file}: missing 'turns'")

    def render_messages(self, variables):
        messages = []
        if self.spec.get("system"):
            messages.append({"role": "system",
                             "content": string.Template(self.spec["system"]).substitute(variables)})
        for turn in self.spec["turns"]:
            text = string.Template(turn["template"]).substitute(variables)
            parts = [{"type": "text", "text": text}]
            for img in turn.get("images", []):
                parts.append(image_part(self.path.parent / img))
            messages.append({"role": turn.get("role", "user"), "content": parts})
        return messages


def render_preview(messages, template_dir, out_file):
    env = Environment(loader=FileSystemLoader(template_dir), autoescape=True)
    html = env.get_template(PREVIEW_TEMPLATE).render(messages=messages)
    Path(out_file).write_text(html, encoding="utf-8")


def main():
    ap = argparse.ArgumentParser(description="render a prompt pack")
    ap.add_argument("pack")
    ap.add_argument("--vars", default="vars.yaml", help="YAML file with template variables")
    ap.add_argument("--out-dir", default="rendered")
    ap.add_argument("--templates", default="templates")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    variables = {}
    if Path(args.vars).exists():
        variables = yaml.safe_load(Path(args.vars).read_text()) or {}
    for key, value in host_facts().items():
        variables.setdefault(f"host_{key}", value)

    pack = PromptPack(args.pack)
    messages = pack.render_messages(variables)
    out_dir = Path(args.out_dir)
    out_dir.mkdir(exist_ok=True)
    name = pack.spec.get("name", pack.path.stem)
    (out_dir / f"{name}.messages.json").write_text(json.dumps(messages, indent=2))
    render_preview(messages, args.templates, out_dir / f"{name}.html")
    logger.info("rendered %d messages for %s", len(messages), name)


if __name__ == "__main__":
    main()
