#!/usr/bin/env python3
"""Batch-score customers with the latest churn model from ./models.

Derived features are declared in scoring.yaml as small pandas expressions,
e.g. ``tenure_ratio: "df.tenure_months / (df.age_years * 12)"``, and are
evaluated against the input frame before the model is applied.
"""
import argparse
import logging
import sys
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
import yaml

logger = logging.getLogger("churn-score")
MODEL_DIR = Path("models")


def latest_model(model_dir: Path) -> Path:
    candidates = sorted(model_dir.glob("churn_*.joblib"),
                        key=lambda p: p.stat().st_mtime)
    if not candidates:
        raise FileNotFoundError(f"no churn_*.joblib in {model_dir}")
    return candidates[-1]


def load_spec(path: Path) -> dict:
    with path.open() as fh:
        spec = yaml.safe_load(fh)
    spec.setdefault("derived", {})
    spec.setdefault("threshold", 0.5)
    return spec


def add_derived_features(df: pd.DataFrame, derived: dict) -> pd.DataFrame:
    env = {"df": df, "np": np, "pd": pd}
    for column, expression in derived.items():
        try:
            df[column] = eval(expression, {"__builtins__": {}}, env)
        except Exception as exc:  # noqa: BLE001
            logger.error("derived feature %s failed: %s", column, exc)
            df[column] = np.nan
    return df


class ChurnScorer:
    def __init__(self, model_path: Path, threshold: float):
        logger.info("loading %s", model_path)
        bundle = joblib.load(model_path)
        self.pipeline = bundle["pipeline"]
        self.features = bundle["features"]
        self.version = bundle.get("version", model_path.stem)
        self.threshold = threshold

    def score(self, df: pd.DataFrame) -> pd.DataFrame:
        missing = [c for c in self.features if c not in df.columns]
        if missing:
            raise KeyError(f"input lacks features: {missing}")
        proba = self.pipeline.predict_proba(df[self.features])[:, 1]
        out = df[["customer_id"]].copy()
        out["churn_probability"] = np.round(proba, 4)
        out["at_risk"] = proba >= self.threshold
        out["model_version"] = self.version
        return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("input", help="customer snapshot CSV")
    parser.add_argument("--spec", default="scoring.yaml")
    parser.add_argument("--model", help="explicit model file")
    parser.add_argument("--output", default="output/churn_scores.csv")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    spec = load_spec(Path(args.spec))
    model_path = Path(args.model) if args.model else latest_model(MODEL_DIR)
    df = pd.read_csv(args.input)
    df = add_derived_features(df, spec["derived"])

    scorer = ChurnScorer(model_path, spec["threshold"])
    try:
        scored = scorer.score(df)
    except KeyError as exc:
        logger.error("%s", exc)
        return 2

    Path(args.output).parent.mkdir(parents=True, exist_ok=True)
    scored.to_csv(args.output, index=False)
    logger.info("%d customers scored, %d at risk",
                len(scored), int(scored["at_risk"].sum()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
