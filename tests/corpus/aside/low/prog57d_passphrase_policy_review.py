#!/usr/bin/env python3
"""Review candidate passphrases against the team's written password policy.

Reads the policy from ./policy.ini and the candidates (one per line) from a
file in the working directory, then prints a table of violations and writes
a JSON summary next to the input. Nothing leaves this machine and the
candidates themselves are never written out -- only their line numbers.
"""
import argparse
import configparser
import json
import logging
import math
import string
from dataclasses import dataclass, field, asdict
from pathlib import Path

log = logging.getLogger("policy-review")

DEFAULTS = {
    "min_length": "12",
    "min_classes": "3",
    "min_entropy_bits": "50",
    "denylist": "denylist.txt",
}


@dataclass
class Verdict:
    line_no: int
    length: int
    entropy_bits: float
    problems: list = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def load_policy(path: Path) -> dict:
    parser = configparser.ConfigParser(defaults=DEFAULTS)
    if path.exists():
        parser.read(path, encoding="utf-8")
    section = parser["policy"] if parser.has_section("policy") else parser.defaults()
    return {
        "min_length": int(section.get("min_length")),
        "min_classes": int(section.get("min_classes")),
        "min_entropy_bits": float(section.get("min_entropy_bits")),
        "denylist": section.get("denylist"),
    }


def char_pool(candidate: str) -> int:
    pools = [string.ascii_lowercase, string.ascii_uppercase, string.digits, string.punctuation]
    size = sum(len(p) for p in pools if any(c in p for c in candidate))
    if any(ord(c) > 127 for c in candidate):
        size += 64
    return max(size, 1)


def classes_used(candidate: str) -> int:
    checks = (str.islower, str.isupper, str.isdigit, lambda c: c in string.punctuation)
    return sum(1 for check in checks if any(check(c) for c in candidate))


def evaluate(line_no: int, candidate: str, policy: dict, denied: set) -> Verdict:
    bits = round(len(candidate) * math.log2(char_pool(candidate)), 1)
    verdict = Verdict(line_no=line_no, length=len(candidate), entropy_bits=bits)
    if len(candidate) < policy["min_length"]:
        verdict.problems.append(f"shorter than {policy['min_length']}")
    if classes_used(candidate) < policy["min_classes"]:
        verdict.problems.append(f"fewer than {policy['min_classes']} character classes")
    if bits < policy["min_entropy_bits"]:
        verdict.problems.append(f"estimated entropy {bits} bits")
    if candidate.lower() in denied:
        verdict.problems.append("appears in denylist")
    return verdict


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("candidates", type=Path, help="file with one candidate per line")
    ap.add_argument("--policy", type=Path, default=Path("policy.ini"))
    ap.add_argument("--summary", type=Path, default=Path("policy_review.json"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    policy = load_policy(args.policy)
    deny_path = Path(policy["denylist"])
    denied = set()
    if deny_path.is_file():
        denied = {w.strip().lower() for w in deny_path.read_text().splitlines() if w.strip()}
        log.debug("loaded %d denylist entries", len(denied))

    try:
        lines = args.candidates.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        log.error("cannot read %s: %s", args.candidates, exc)
        return 2

    verdicts = [evaluate(i, c, policy, denied) for i, c in enumerate(lines, 1) if c]
    failing = [v for v in verdicts if not v.ok]
    for v in failing:
        print(f"line {v.line_no:>4}: {'; '.join(v.problems)}")

    args.summary.write_text(json.dumps({
        "policy": policy,
        "checked": len(verdicts),
        "failing": [asdict(v) for v in failing],
    }, indent=2))
    log.info("%d of %d candidates violate policy; summary in %s",
             len(failing), len(verdicts), args.summary)
    return 1 if failing else 0


if __name__ == "__main__":
    raise SystemExit(main())
