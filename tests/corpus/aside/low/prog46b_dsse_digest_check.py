#!/usr/bin/env python3
"""Cross-check in-toto attestations (DSSE envelopes) against local build outputs.

Every *.intoto.jsonl file under ./attestations is read, the base64 DSSE
payload is decoded into an in-toto Statement and each subject digest is
compared with the sha256 of the matching file in ./dist.
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("dsse-check")
INTOTO_PAYLOAD_TYPE = "application/vnd.in-toto+json"


@dataclass
class CheckResult:
    artifact: str
    expected: str
    actual: str | None = None
    builder: str = "unknown"
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.actual is not None and self.actual == self.expected


def sha256_file(path: Path, chunk: int = 1 << 20) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def iter_statements(att_dir: Path):
    for bundle in sorted(att_dir.glob("*.intoto.jsonl")):
        for lineno, line in enumerate(bundle.read_text().splitlines(), 1):
            if not line.strip():
                continue
            envelope = json.loads(line)
            env = envelope.get("dsseEnvelope", envelope)
            if env.get("payloadType") != INTOTO_PAYLOAD_TYPE:
                log.warning("%s:%d unexpected payloadType %s", bundle, lineno, env.get("payloadType"))
                continue
            raw = base64.b64decode(env["payload"])
            yield bundle.name, json.loads(raw.decode("utf-8"))


def check(att_dir: Path, dist_dir: Path) -> list[CheckResult]:
    results = []
    for source, stmt in iter_statements(att_dir):
        predicate = stmt.get("predicate", {})
        builder = (predicate.get("builder") or {}).get("id") or \
            predicate.get("runDetails", {}).get("builder", {}).get("id", "unknown")
        for subject in stmt.get("subject", []):
            expected = subject.get("digest", {}).get("sha256", "")
            res = CheckResult(subject["name"], expected, builder=builder)
            target = dist_dir / Path(subject["name"]).name
            if target.is_file():
                res.actual = sha256_file(target)
            else:
                res.notes.append(f"missing in {dist_dir}")
            res.notes.append(f"from {source}")
            results.append(res)
    return results


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--attestations", type=Path, default=Path("attestations"))
    ap.add_argument("--dist", type=Path, default=Path("dist"))
    ap.add_argument("--json", dest="json_out", type=Path, help="also write results as JSON")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    results = check(args.attestations, args.dist)
    if not results:
        log.error("no subjects found in %s", args.attestations)
        return 2
    for r in results:
        mark = "PASS" if r.ok else "FAIL"
        log.info("%s %-40s %s [%s]", mark, r.artifact, r.builder, "; ".join(r.notes))
    if args.json_out:
        args.json_out.write_text(json.dumps([r.__dict__ | {"ok": r.ok} for r in results], indent=2))
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
