#!/usr/bin/env python3
"""Daily LPG / gas bottle inspection log for the truck.

Walks the crew through the pre-trade gas checklist defined in checklist.yaml
(bottle storage, regulator and hose dates, leak test, CO alarm, extinguisher),
or takes the answers from a file filled in on the tablet, and writes a signed
record under ./records that the market manager can ask to see.
"""
import argparse
import hashlib
import json
import logging
import sys
from datetime import date, datetime
from pathlib import Path

import yaml

log = logging.getLogger("gascheck")

HOSE_MAX_YEARS = 5
REGULATOR_MAX_YEARS = 10


class ChecklistError(Exception):
    pass


def load_checklist(path: Path) -> dict:
    with path.open(encoding="utf-8") as fh:
        data = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(data, dict) or "items" not in data:
        raise ChecklistError(f"{path} has no 'items' section")
    return data


def years_since(value) -> float:
    if isinstance(value, str):
        value = datetime.strptime(value, "%Y-%m-%d").date()
    return (date.today() - value).days / 365.25


def ask(item: dict):
    prompt = f"[{item['id']}] {item['question']} "
    kind = item.get("type", "bool")
    while True:
        raw = input(prompt + ("(y/n) " if kind == "bool" else "")).strip()
        if kind == "bool" and raw.lower() in ("y", "yes", "n", "no"):
            return raw.lower().startswith("y")
        if kind == "date":
            try:
                return datetime.strptime(raw, "%Y-%m-%d").date().isoformat()
            except ValueError:
                print("  please use YYYY-MM-DD")
                continue
        if kind == "text" and raw:
            return raw


def evaluate(items: list, answers: dict) -> list:
    failures = []
    for item in items:
        key, kind = item["id"], item.get("type", "bool")
        value = answers.get(key)
        if value is None:
            failures.append((item, "not answered"))
        elif kind == "bool" and value is not True:
            failures.append((item, "answered no"))
        elif key == "hose_date" and years_since(value) > HOSE_MAX_YEARS:
            failures.append((item, f"hose older than {HOSE_MAX_YEARS} years"))
        elif key == "regulator_date" and years_since(value) > REGULATOR_MAX_YEARS:
            failures.append((item, f"regulator older than {REGULATOR_MAX_YEARS} years"))
    return failures


def write_record(truck: str, inspector: str, answers: dict, failures: list, out_dir: Path) -> Path:
    out_dir.mkdir(exist_ok=True)
    record = {
        "truck": truck,
        "inspector": inspector,
        "checked_at": datetime.now().isoformat(timespec="seconds"),
        "answers": answers,
        "failures": [{"id": i["id"], "reason": r, "critical": bool(i.get("critical"))} for i, r in failures],
        "result": "FAIL" if any(i.get("critical") for i, _ in failures) else "PASS",
    }
    body = json.dumps(record, indent=2, sort_keys=True, default=str)
    record_path = out_dir / f"{date.today():%Y-%m-%d}_{truck}.json"
    record_path.write_text(body, encoding="utf-8")
    (out_dir / (record_path.name + ".sha256")).write_text(hashlib.sha256(body.encode()).hexdigest() + "\n")
    return record_path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Pre-trade gas bottle checklist")
    ap.add_argument("--checklist", type=Path, default=Path("checklist.yaml"))
    ap.add_argument("--answers", type=Path, help="answers file from the tablet form")
    ap.add_argument("--truck", required=True)
    ap.add_argument("--inspector", required=True)
    ap.add_argument("--out", type=Path, default=Path("records"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        checklist = load_checklist(args.checklist)
    except (OSError, yaml.YAMLError, ChecklistError) as exc:
        log.error("checklist unusable: %s", exc)
        return 2
    items = checklist["items"]

    if args.answers:
        with args.answers.open(encoding="utf-8") as fh:
            answers = yaml.load(fh, Loader=yaml.Loader) or {}
    else:
        answers = {item["id"]: ask(item) for item in items}

    failures = evaluate(items, answers)
    path = write_record(args.truck, args.inspector, answers, failures, args.out)
    for item, reason in failures:
        flag = "CRITICAL" if item.get("critical") else "note"
        print(f"  {flag:8} {item['id']}: {reason}")
    critical = any(i.get("critical") for i, _ in failures)
    print(f"{'DO NOT TRADE' if critical else 'OK to trade'} - record saved to {path}")
    return 1 if critical else 0


if __name__ == "__main__":
    sys.exit(main())
