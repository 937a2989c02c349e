#!/usr/bin/env python3
"""Offline expander for Klipper-style G-code macros.

Reads macro definitions from a local printer.cfg-style file and a G-code
program that calls them, substitutes {expressions} inside each macro body
using the printer variables given in a local JSON file, and writes the fully
expanded program so it can be previewed in a viewer without a printer.
"""
import argparse
import configparser
import json
import logging
import math
import re
from pathlib import Path

log = logging.getLogger("macro_expander")
EXPR = re.compile(r"\{([^{}]+)\}")
CALL = re.compile(r"^\s*([A-Z_][A-Z0-9_]*)\b(.*)$")


class MacroLibrary:
    def __init__(self, cfg_path: Path):
        parser = configparser.ConfigParser(interpolation=None, strict=False)
        parser.optionxform = str
        parser.read(cfg_path, encoding="utf-8")
        self.macros = {}
        for section in parser.sections():
            if section.startswith("gcode_macro "):
                name = section.split(None, 1)[1].upper()
                body = parser.get(section, "gcode", fallback="")
                self.macros[name] = [ln for ln in body.splitlines() if ln.strip()]
        log.info("loaded %d macro(s) from %s", len(self.macros), cfg_path)

    def get(self, name):
        return self.macros.get(name.upper())


def parse_params(argtext: str) -> dict:
    params = {}
    for token in argtext.split():
        if "=" in token:
            key, value = token.split("=", 1)
            try:
                params[key.upper()] = float(value)
            except ValueError:
                params[key.upper()] = value
    return params


def render_line(line: str, context: dict) -> str:
    def substitute(match):
        expression = match.group(1).strip()
        # Expressions come from the user's own printer.cfg.
        value = eval(expression, {"__builtins__": {}, "math": math,
                                  "min": min, "max": max, "round": round}, context)
        return f"{value:.3f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)
    return EXPR.sub(substitute, line)


def expand(program, library, variables, depth=0):
    if depth > 8:
        raise RecursionError("macro nesting too deep")
    out = []
    for raw in program:
        match = CALL.match(raw)
        body = library.get(match.group(1)) if match else None
        if body is None:
            out.append(raw.rstrip("\n"))
            continue
        context = dict(variables)
        context["params"] = parse_params(match.group(2))
        out.append(f"; >>> {match.group(1)}{match.group(2)}")
        rendered = [render_line(line, context) for line in body]
        out.extend(expand(rendered, library, variables, depth + 1))
        out.append(f"; <<< {match.group(1)}")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("program", type=Path)
    ap.add_argument("--config", type=Path, default=Path("printer.cfg"))
    ap.add_argument("--vars", type=Path, default=Path("printer_vars.json"))
    ap.add_argument("-o", "--output", type=Path)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    library = MacroLibrary(args.config)
    variables = json.loads(args.vars.read_text()) if args.vars.exists() else {}
    program = args.program.read_text(encoding="utf-8").splitlines()
    try:
        expanded = expand(program, library, variables)
    except (NameError, SyntaxError, ZeroDivisionError) as exc:
        log.error("could not evaluate macro expression: %s", exc)
        return 1
    target = args.output or args.program.with_suffix(".expanded.gcode")
    target.write_text("\n".join(expanded) + "\n", encoding="utf-8")
    log.info("wrote %s (%d lines)", target, len(expanded))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
