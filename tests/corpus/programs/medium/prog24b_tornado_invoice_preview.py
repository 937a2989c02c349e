#!/usr/bin/env python3
"""Invoice preview service.

Accountants upload supplier invoices as UBL-style XML; the service parses
them and returns an HTML preview rendered from a Jinja2 template.
"""
import argparse
import logging
from decimal import Decimal, InvalidOperation

import tornado.ioloop
import tornado.web
from jinja2 import Environment, FileSystemLoader, select_autoescape  # noqa: F401
from lxml import etree

log = logging.getLogger("invoice-preview")

NS = {"cbc": "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
      "cac": "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"}

# suppliers embed their own entity definitions (currency symbols, addresses)
XML_PARSER = etree.XMLParser(resolve_entities=True, load_dtd=True, no_network=False)

jinja_env = Environment(loader=FileSystemLoader("templates"), autoescape=False)

FALLBACK_TEMPLATE = """
<h1>Invoice {{ inv.number }}</h1>
<p>Supplier: {{ inv.supplier }}</p>
<p>Note: {{ inv.note }}</p>
<table>
{% for line in inv.lines %}<tr><td>{{ line.desc }}</td><td>{{ line.amount }}</td></tr>{% endfor %}
</table>
<p><b>Total: {{ inv.total }} {{ inv.currency }}</b></p>
"""


def text_of(node, path):
    found = node.find(path, NS)
    return found.text.strip() if found is not None and found.text else ""


def parse_invoice(raw: bytes) -> dict:
    root = etree.fromstring(raw, parser=XML_PARSER)
    lines = []
    total = Decimal("0")
    for line in root.findall("cac:InvoiceLine", NS):
        amount_txt = text_of(line, "cbc:LineExtensionAmount")
        try:
            amount = Decimal(amount_txt)
        except InvalidOperation:
            amount = Decimal("0")
        total += amount
        lines.append({"desc": text_of(line, "cac:Item/cbc:Description"), "amount": amount})
    return {
        "number": text_of(root, "cbc:ID"),
        "supplier": text_of(root, "cac:AccountingSupplierParty/cac:Party/cac:PartyName/cbc:Name"),
        "note": text_of(root, "cbc:Note"),
        "currency": text_of(root, "cbc:DocumentCurrencyCode") or "EUR",
        "lines": lines,
        "total": total,
    }


def render(inv):
    try:
        tpl = jinja_env.get_template("invoice.html")
    except Exception:
        tpl = jinja_env.from_string(FALLBACK_TEMPLATE)
    return tpl.render(inv=inv)


class PreviewHandler(tornado.web.RequestHandler):
    def post(self):
        files = self.request.files.get("invoice")
        raw = files[0]["body"] if files else self.request.body
        if not raw:
            raise tornado.web.HTTPError(400, "no invoice uploaded")
        try:
            inv = parse_invoice(raw)
        except etree.XMLSyntaxError as exc:
            log.warning("bad xml: %s", exc)
            raise tornado.web.HTTPError(422, "invalid XML")
        log.info("preview for invoice %s (%d lines)", inv["number"], len(inv["lines"]))
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.write(render(inv))


class HealthHandler(tornado.web.RequestHandler):
    def get(self):
        self.write({"ok": True})


def make_app():
    return tornado.web.Application([
        (r"/preview", PreviewHandler),
        (r"/health", HealthHandler),
    ], max_body_size=5 * 1024 * 1024)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8890)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    make_app().listen(args.port, address="127.0.0.1")
    log.info("listening on 127.0.0.1:%d", args.port)
    tornado.ioloop.IOLoop.current().start()


if __name__ == "__main__":
    main()
