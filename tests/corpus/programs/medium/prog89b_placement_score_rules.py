#!/usr/bin/env python3
"""Grade paper placement tests and assign a CEFR band to each student.

Inputs
  answers.csv      export of the scanned answer sheets: student_id,name,q1..qN
  answer_key.json  {"weights": {"reading": 1.0, ...},
                    "sections": {"reading": {"q1": "b", ...}, "listening": {...}}}
  bands.ini        one section per band with a rule over the section scores,
                   e.g.  [B1]
                         rule = reading >= 0.55 and listening >= 0.5 and total >= 0.55

Directors of studies tune bands.ini per school term without touching the code.
Output is results.csv in the working directory (or --out).
"""

import argparse
import configparser
import csv
import json
import logging
import pathlib
import sys

log = logging.getLogger("placement")

BAND_ORDER = ("C1", "B2", "B1", "A2", "A1")
FALLBACK_BAND = "Pre-A1"
RULE_HELPERS = {"min": min, "max": max, "abs": abs, "round": round}


class BandRules:
    """Band rules loaded from bands.ini, checked from the highest band down."""

    def __init__(self, path):
        cfg = configparser.ConfigParser()
        if not cfg.read(path):
            raise FileNotFoundError(path)
        self.rules = []
        for band in BAND_ORDER:
            if band not in cfg or "rule" not in cfg[band]:
                continue
            text = cfg[band]["rule"].strip()
            self.rules.append((band, text, compile(text, f"<{band} rule>", "eval")))
        if not self.rules:
            raise ValueError(f"{path}: no band rules found")

    def classify(self, scores):
        scope = dict(RULE_HELPERS)
        scope.update(scores)
        for band, text, code in self.rules:
            try:
                if eval(code, {"__builtins__": {}}, scope):
                    return band
            except NameError as exc:
                log.warning("rule for %s refers to unknown name (%s): %s", band, exc, text)
        return FALLBACK_BAND


def load_key(path):
    with open(path, encoding="utf-8") as fh:
        key = json.load(fh)
    sections = key.get("sections") or {}
    if not sections:
        raise ValueError(f"{path}: no sections in answer key")
    return sections, key.get("weights", {})


def weighted_total(sections, weights):
    total = wsum = 0.0
    for name, score in sections.items():
        w = float(weights.get(name, 1.0))
        total += score * w
        wsum += w
    return round(total / wsum, 4) if wsum else 0.0


def score_row(row, sections):
    scores, attempted = {}, {}
    for name, items in sections.items():
        right = seen = 0
        for q, expected in items.items():
            given = (row.get(q) or "").strip().lower()
            if given:
                seen += 1
            if given == str(expected).strip().lower():
                right += 1
        scores[name] = round(right / len(items), 4) if items else 0.0
        attempted[name] = seen
    return scores, attempted


def grade(answers_path, sections, weights, rules):
    with open(answers_path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            scores, attempted = score_row(row, sections)
            total = weighted_total(scores, weights)
            band = rules.classify({**scores, "total": total})
            yield {"student_id": row.get("student_id", ""), "name": row.get("name", ""),
                   **scores, "total": total, "band": band,
                   "blank_items": sum(len(sections[s]) - attempted[s] for s in sections)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("answers")
    ap.add_argument("--key", default="answer_key.json")
    ap.add_argument("--bands", default="bands.ini")
    ap.add_argument("--out", default="results.csv")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        sections, weights = load_key(args.key)
        rules = BandRules(args.bands)
    except (OSError, ValueError, SyntaxError) as exc:
        log.error("cannot load grading setup: %s", exc)
        return 2

    fields = ["student_id", "name", *sections, "total", "band", "blank_items"]
    counts = {}
    out = pathlib.Path(args.out)
    with out.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        for result in grade(args.answers, sections, weights, rules):
            writer.writerow(result)
            counts[result["band"]] = counts.get(result["band"], 0) + 1
    for band in (*BAND_ORDER, FALLBACK_BAND):
        if band in counts:
            log.info("%-7s %d", band, counts[band])
    log.info("results written to %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
