#!/usr/bin/env python3
"""Invoice printer for mobile grooming visits.

Loads invoice templates written in YAML, caches the parsed templates and
sends the finished invoice to the van's printer.
"""
import argparse
import datetime as dt
import logging
import os
import pickle
import subprocess
import sys

import yaml

LOG = logging.getLogger("invoice")

CACHE_FILE = ".invoice_templates.pkl"

PRINT_SCRIPT = """
if command -v lp >/dev/null 2>&1; then
    lp -d "${PRINTER}" -t "invoice ${INVOICE_NO}" -
else
    cat > "invoice_${INVOICE_NO}.txt"
    echo "no lp, saved invoice_${INVOICE_NO}.txt" >&2
fi
"""


class TemplateStore:
    def __init__(self, folder):
        self.folder = folder
        self.templates = {}

    def _mtime_signature(self):
        sig = {}
        for name in os.listdir(self.folder):
            if name.endswith((".yml", ".yaml")):
                sig[name] = os.path.getmtime(os.path.join(self.folder, name))
        return sig

    def load(self):
        sig = self._mtime_signature()
        if os.path.exists(CACHE_FILE):
            with open(CACHE_FILE, "rb") as fh:
                cached = pickle.load(fh)
            if cached.get("sig") == sig:
                self.templates = cached["templates"]
                LOG.debug("templates from cache")
                return
        for name in sig:
            with open(os.path.join(self.folder, name)) as fh:
                self.templates[name.rsplit(".", 1)[0]] = yaml.load(
                    fh, Loader=yaml.Loader)
        with open(CACHE_FILE, "wb") as fh:
            pickle.dump({"sig": sig, "templates": self.templates}, fh)
        LOG.info("parsed %d templates", len(self.templates))


def render(tpl, customer, dog, items, number):
    lines = [tpl.get("header", "Mobile Grooming"),
             "Invoice %s   %s" % (number, dt.date.today().isoformat()),
             "Customer: %s" % customer, "Dog: %s" % dog, ""]
    total = 0.0
    prices = tpl.get("prices", {})
    for item in items:
        price = float(prices.get(item, 0))
        total += price
        lines.append("  %-28s %8.2f" % (item, price))
    tax = total * float(tpl.get("tax_rate", 0))
    lines += ["", "  %-28s %8.2f" % ("Tax", tax),
              "  %-28s %8.2f" % ("Total", total + tax), "",
              tpl.get("footer", "Thank you!")]
    return "\n".join(lines) + "\n"


def main(argv=None):
    p = argparse.ArgumentParser(description="Print a grooming invoice")
    p.add_argument("customer")
    p.add_argument("dog")
    p.add_argument("items", nargs="+")
    p.add_argument("--template", default="standard")
    p.add_argument("--templates-dir", default="templates")
    p.add_argument("--printer", default=os.environ.get("PRINTER", "van_thermal"))
    p.add_argument("--number", default=dt.datetime.now().strftime("%y%m%d%H%M"))
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    store = TemplateStore(args.templates_dir)
    try:
        store.load()
    except (OSError, yaml.YAMLError) as exc:
        LOG.error("could not load templates: %s", exc)
        return 1
    tpl = store.templates.get(args.template)
    if tpl is None:
        LOG.error("unknown template %s", args.template)
        return 1
    text = render(tpl, args.customer, args.dog, args.items, args.number)
    env = dict(os.environ, PRINTER=args.printer, INVOICE_NO=args.number)
    proc = subprocess.run(["bash", "-c", PRINT_SCRIPT], input=text, text=True,
                          env=env)
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
