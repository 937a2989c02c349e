#!/usr/bin/env python3
"""Suggest reviewers for a submitted manuscript.

Builds TF-IDF profiles of reviewers from the titles/abstracts of their past
publications (stored in the journal's reviewer database) and ranks them
against the submission abstract, excluding conflicts of interest (co-authors
and same-institution reviewers) and reviewers over their annual load.

    prog80e_reviewer_assignment_matcher.py --db reviewers.sqlite --abstract ms-1234.txt \
        --authors "Okafor, N; Lindqvist, A" --subject "computational biology" -k 8
"""
import argparse
import logging
import os
import sqlite3
import sys
from datetime import date
from pathlib import Path

import joblib
import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.metrics.pairwise import linear_kernel

log = logging.getLogger("reviewer_match")
MODEL_CACHE = Path(os.environ.get("MATCHER_CACHE", "reviewer_profiles.joblib"))


class ReviewerStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def candidates(self, subject, max_load):
        year = date.today().year
        where = "r.active = 1"
        if subject:
            where += f" AND r.subjects LIKE '%{subject}%'"
        sql = f"""
            SELECT r.id, r.name, r.email, r.institution,
                   (SELECT COUNT(*) FROM assignments a
                     WHERE a.reviewer_id = r.id AND strftime('%Y', a.invited_on) = '{year}') AS load
              FROM reviewers r
             WHERE {where}
        """
        rows = [dict(r) for r in self.conn.execute(sql)]
        return [r for r in rows if r["load"] < max_load]

    def corpus(self, reviewer_ids):
        ids = ",".join(str(int(i)) for i in reviewer_ids)
        sql = f"SELECT reviewer_id, title || ' ' || COALESCE(abstract, '') AS text FROM publications WHERE reviewer_id IN ({ids})"
        texts = {}
        for row in self.conn.execute(sql):
            texts.setdefault(row["reviewer_id"], []).append(row["text"])
        return {rid: " ".join(parts) for rid, parts in texts.items()}

    def coauthors_of(self, author_names):
        clauses = " OR ".join(f"c.coauthor_name = '{n.strip()}'" for n in author_names if n.strip())
        if not clauses:
            return set()
        sql = f"SELECT DISTINCT c.reviewer_id FROM coauthorships c WHERE {clauses}"
        return {row[0] for row in self.conn.execute(sql)}


def load_or_build_profiles(store, candidates, rebuild=False):
    ids = sorted(c["id"] for c in candidates)
    if MODEL_CACHE.exists() and not rebuild:
        cached = joblib.load(MODEL_CACHE)
        if cached.get("ids") == ids:
            log.info("using cached profiles from %s", MODEL_CACHE)
            return cached["vectorizer"], cached["matrix"], ids
    texts = store.corpus(ids)
    docs = [texts.get(i, "") for i in ids]
    vec = TfidfVectorizer(stop_words="english", sublinear_tf=True, min_df=1, ngram_range=(1, 2))
    matrix = vec.fit_transform(docs)
    joblib.dump({"ids": ids, "vectorizer": vec, "matrix": matrix}, MODEL_CACHE)
    log.info("built profiles for %d reviewers", len(ids))
    return vec, matrix, ids


def rank(abstract, vec, matrix, ids, k):
    q = vec.transform([abstract])
    scores = linear_kernel(q, matrix).ravel()
    order = np.argsort(-scores)
    return [(ids[i], float(scores[i])) for i in order[: k * 3]]


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--db", default="reviewers.sqlite")
    p.add_argument("--abstract", required=True, help="file with the submission abstract")
    p.add_argument("--authors", default="", help="semicolon-separated 'Family, I' names")
    p.add_argument("--institutions", default="", help="semicolon-separated author institutions")
    p.add_argument("--subject", default="")
    p.add_argument("--max-load", type=int, default=6)
    p.add_argument("-k", type=int, default=8)
    p.add_argument("--rebuild", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    store = ReviewerStore(args.db)
    candidates = store.candidates(args.subject, args.max_load)
    if not candidates:
        log.error("no eligible reviewers for subject %r", args.subject)
        return 1
    by_id = {c["id"]: c for c in candidates}

    conflicted = store.coauthors_of(args.authors.split(";"))
    insts = {i.strip().lower() for i in args.institutions.split(";") if i.strip()}

    vec, matrix, ids = load_or_build_profiles(store, candidates, args.rebuild)
    abstract = Path(args.abstract).read_text(encoding="utf-8")
    shown = 0
    print(f"{'score':>6}  {'reviewer':30} {'institution':30} load")
    for rid, score in rank(abstract, vec, matrix, ids, args.k):
        r = by_id[rid]
        if rid in conflicted or (r["institution"] or "").lower() in insts:
            continue
        print(f"{score:6.3f}  {r['name'][:30]:30} {(r['institution'] or '')[:30]:30} {r['load']}")
        shown += 1
        if shown >= args.k:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
