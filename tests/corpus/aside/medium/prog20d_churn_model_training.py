#!/usr/bin/env python3
"""Train and evaluate a customer-churn classifier.

    python train_churn.py train --data customers.csv --model gbm
    python train_churn.py evaluate --data holdout.csv
    python train_churn.py predict --data new_customers.csv --out scores.csv

Feature engineering results are cached between runs so repeated
experiments on the same CSV do not redo the expensive aggregations.
"""
import argparse
import hashlib
import json
import logging
import os
import pickle
import time
from dataclasses import asdict, dataclass, field
from typing import Dict, List, Tuple

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import GradientBoostingClassifier, RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import average_precision_score, classification_report, roc_auc_score
from sklearn.model_selection import StratifiedKFold, train_test_split
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

log = logging.getLogger("churn")

CACHE_DIR = "/tmp/churn_feature_cache"
MODEL_PATH = "churn_model.pkl"
TARGET = "churned"
CATEGORICAL = ["plan", "region", "payment_method", "acquisition_channel"]
NUMERIC = ["tenure_months", "monthly_spend", "support_tickets", "logins_30d",
           "avg_session_min", "spend_trend", "tickets_per_month"]

MODELS = {
    "logreg": lambda seed: LogisticRegression(max_iter=2000, class_weight="balanced"),
    "rf": lambda seed: RandomForestClassifier(n_estimators=400, min_samples_leaf=5,
                                              class_weight="balanced_subsample", random_state=seed, n_jobs=-1),
    "gbm": lambda seed: GradientBoostingClassifier(n_estimators=300, learning_rate=0.05,
                                                   max_depth=3, subsample=0.8, random_state=seed),
}


@dataclass
class RunReport:
    model: str
    rows: int
    positives: float
    cv_auc: List[float] = field(default_factory=list)
    test_auc: float = 0.0
    test_ap: float = 0.0
    seconds: float = 0.0


def file_digest(path: str) -> str:
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def engineer(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    df["tenure_months"] = df["tenure_months"].clip(lower=0)
    df["tickets_per_month"] = df["support_tickets"] / df["tenure_months"].replace(0, np.nan)
    df["tickets_per_month"] = df["tickets_per_month"].fillna(df["support_tickets"])
    if {"spend_m1", "spend_m3"}.issubset(df.columns):
        df["spend_trend"] = (df["spend_m1"] - df["spend_m3"]) / df["spend_m3"].replace(0, np.nan)
    else:
        df["spend_trend"] = 0.0
    df["spend_trend"] = df["spend_trend"].replace([np.inf, -np.inf], np.nan).fillna(0.0)
    for col in CATEGORICAL:
        df[col] = df[col].fillna("unknown").astype(str).str.lower()
    return df


def load_features(path: str) -> pd.DataFrame:
    """Load a CSV and engineer features, using the on-disk cache when possible."""
    os.makedirs(CACHE_DIR, exist_ok=True)
    cache_file = os.path.join(CACHE_DIR, file_digest(path) + ".pkl")
    if os.path.exists(cache_file):
        log.info("feature cache hit: %s", cache_file)
        with open(cache_file, "rb") as fh:
            return pickle.load(fh)
    df = engineer(pd.read_csv(path))
    with open(cache_file, "wb") as fh:
        pickle.dump(df, fh, protocol=pickle.HIGHEST_PROTOCOL)
    return df


def build_pipeline(model_name: str, seed: int) -> Pipeline:
    pre = ColumnTransformer([
        ("num", StandardScaler(), NUMERIC),
        ("cat", OneHotEncoder(handle_unknown="ignore", min_frequency=20), CATEGORICAL),
    ])
    return Pipeline([("pre", pre), ("clf", MODELS[model_name](seed))])


def split_xy(df: pd.DataFrame) -> Tuple[pd.DataFrame, pd.Series]:
    return df[NUMERIC + CATEGORICAL], df[TARGET].astype(int)


def cross_validate(model_name: str, X, y, seed: int, folds: int = 5) -> List[float]:
    scores = []
    skf = StratifiedKFold(n_splits=folds, shuffle=True, random_state=seed)
    for k, (tr, va) in enumerate(skf.split(X, y), 1):
        pipe = build_pipeline(model_name, seed)
        pipe.fit(X.iloc[tr], y.iloc[tr])
        auc = roc_auc_score(y.iloc[va], pipe.predict_proba(X.iloc[va])[:, 1])
        log.info("fold %d auc=%.4f", k, auc)
        scores.append(float(auc))
    return scores


def cmd_train(args) -> int:
    start = time.time()
    df = load_features(args.data)
    X, y = split_xy(df)
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.2, stratify=y, random_state=args.seed)
    report = RunReport(model=args.model, rows=len(df), positives=float(y.mean()))
    if args.cv:
        report.cv_auc = cross_validate(args.model, X_tr, y_tr, args.seed)
    pipe = build_pipeline(args.model, args.seed)
    pipe.fit(X_tr, y_tr)
    proba = pipe.predict_proba(X_te)[:, 1]
    report.test_auc = float(roc_auc_score(y_te, proba))
    report.test_ap = float(average_precision_score(y_te, proba))
    report.seconds = round(time.time() - start, 2)
    with open(args.out, "wb") as fh:
        pickle.dump({"pipeline": pipe, "report": asdict(report)}, fh)
    with open("train_report.json", "w") as fh:
        json.dump(asdict(report), fh, indent=2)
    print(json.dumps(asdict(report), indent=2))
    return 0


def load_model(path: str) -> Dict:
    with open(path, "rb") as fh:
        return pickle.load(fh)


def cmd_evaluate(args) -> int:
    bundle = load_model(args.model_path)
    X, y = split_xy(load_features(args.data))
    pred = bundle["pipeline"].predict(X)
    proba = bundle["pipeline"].predict_proba(X)[:, 1]
    print(classification_report(y, pred, digits=3))
    print("auc=%.4f ap=%.4f" % (roc_auc_score(y, proba), average_precision_score(y, proba)))
    return 0


def cmd_predict(args) -> int:
    bundle = load_model(args.model_path)
    df = engineer(pd.read_csv(args.data))
    scores = bundle["pipeline"].predict_proba(df[NUMERIC + CATEGORICAL])[:, 1]
    out = pd.DataFrame({"customer_id": df.get("customer_id", pd.RangeIndex(len(df))), "churn_score": scores})
    out.sort_values("churn_score", ascending=False).to_csv(args.out, index=False)
    print("wrote %d scores to %s" % (len(out), args.out))
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="customer churn model")
    sub = parser.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("train")
    t.add_argument("--data", required=True)
    t.add_argument("--model", choices=sorted(MODELS), default="gbm")
    t.add_argument("--cv", action="store_true")
    t.add_argument("--seed", type=int, default=7)
    t.add_argument("--out", default=MODEL_PATH)
    t.set_defaults(func=cmd_train)
    e = sub.add_parser("evaluate")
    e.add_argument("--data", required=True)
    e.add_argument("--model-path", default=MODEL_PATH)
    e.set_defaults(func=cmd_evaluate)
    p = sub.add_parser("predict")
    p.add_argument("--data", required=True)
    p.add_argument("--model-path", default=MODEL_PATH)
    p.add_argument("--out", default="scores.csv")
    p.set_defaults(func=cmd_predict)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    return args.func(args)


if __name__ == "__main__":
    raise SystemExit(main())
