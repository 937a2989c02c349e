#!/usr/bin/env python3
"""First-pass privilege screen for a review batch.

Loads the trained attorney-client privilege classifier shipped by the
litigation-support team and scores every extracted text file in a batch
folder, writing a ranked CSV for second-level reviewers.
"""
import argparse
import csv
import logging
import sys
from dataclasses import dataclass
from pathlib import Path

from joblib import load as load_artifact

logger = logging.getLogger("priv-screen")

ATTORNEY_MARKERS = ("esq", "counsel", "attorney", "legal dept", "privileged")


@dataclass
class Scored:
    doc_id: str
    probability: float
    marker_hits: int

    @property
    def band(self) -> str:
        if self.probability >= 0.85 or self.marker_hits >= 3:
            return "likely-privileged"
        if self.probability >= 0.5:
            return "needs-review"
        return "not-privileged"


class PrivilegeScreen:
    def __init__(self, artifact_path: Path):
        logger.info("loading classifier bundle %s", artifact_path)
        bundle = load_artifact(artifact_path)
        self.vectorizer = bundle["vectorizer"]
        self.model = bundle["model"]
        self.version = bundle.get("version", "unknown")

    def score_batch(self, docs: dict) -> list:
        ids = list(docs)
        texts = [docs[i] for i in ids]
        matrix = self.vectorizer.transform(texts)
        probs = self.model.predict_proba(matrix)[:, 1]
        results = []
        for doc_id, text, p in zip(ids, texts, probs):
            lowered = text.lower()
            hits = sum(lowered.count(m) for m in ATTORNEY_MARKERS)
            results.append(Scored(doc_id, float(p), hits))
        return sorted(results, key=lambda s: s.probability, reverse=True)


def read_batch(folder: Path, limit: int) -> dict:
    docs = {}
    for path in sorted(folder.glob("*.txt"))[:limit]:
        try:
            docs[path.stem] = path.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            logger.warning("skip %s: %s", path.name, exc)
    return docs


def write_report(rows: list, out: Path, version: str) -> None:
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["doc_id", "probability", "marker_hits", "band", "model_version"])
        for r in rows:
            w.writerow([r.doc_id, f"{r.probability:.4f}", r.marker_hits, r.band, version])


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("batch", type=Path, help="folder of extracted .txt files")
    ap.add_argument("--model", type=Path, default=Path("models/privilege_v7.joblib"))
    ap.add_argument("--out", type=Path, default=Path("priv_screen.csv"))
    ap.add_argument("--limit", type=int, default=50000)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.batch.is_dir():
        logger.error("batch folder %s not found", args.batch)
        return 2
    docs = read_batch(args.batch, args.limit)
    if not docs:
        logger.warning("no documents in %s", args.batch)
        return 0
    screen = PrivilegeScreen(args.model)
    rows = screen.score_batch(docs)
    write_report(rows, args.out, screen.version)
    flagged = sum(1 for r in rows if r.band != "not-privileged")
    logger.info("%d docs scored, %d flagged -> %s", len(rows), flagged, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
