#!/usr/bin/env python3
"""Check free-form answers to the week 5 algebra/programming quiz.

Students type Python expressions as answers (e.g. ``n*(n+1)//2`` or
``sum(range(1, n+1))``).  The answers exported from the quiz form arrive
as a CSV with columns student,question,answer.  Each answer is evaluated
for several values of n and compared with the reference formula.
"""

import argparse
import csv
import logging
import math
import sys
from collections import defaultdict

log = logging.getLogger("quizcheck")

REFERENCE = {
    "q1": lambda n: n * (n + 1) // 2,
    "q2": lambda n: n * n,
    "q3": lambda n: 2 ** n - 1,
    "q4": lambda n: math.factorial(n) // (math.factorial(2) * math.factorial(n - 2)) if n >= 2 else 0,
    "q5": lambda n: (n * (n + 1) * (2 * n + 1)) // 6,
}

ALLOWED_NAMES = {
    "abs": abs, "min": min, "max": max, "sum": sum, "range": range,
    "len": len, "pow": pow, "round": round, "int": int,
    "math": math, "factorial": math.factorial, "comb": math.comb,
}

SAMPLE_POINTS = [2, 3, 5, 8, 13, 21]


class AnswerError(Exception):
    pass


def evaluate_answer(expr, n):
    expr = expr.strip()
    if not expr:
        raise AnswerError("empty answer")
    if len(expr) > 200:
        raise AnswerError("answer too long")
    try:
        code = compile(expr, "<answer>", "eval")
    except SyntaxError as exc:
        raise AnswerError(f"syntax error: {exc.msg}") from None
    scope = dict(ALLOWED_NAMES)
    scope["n"] = n
    try:
        return eval(code, {"__builtins__": {}}, scope)
    except Exception as exc:  # student expressions can fail in many ways
        raise AnswerError(f"{type(exc).__name__}: {exc}") from None


def check(question, expr):
    ref = REFERENCE.get(question)
    if ref is None:
        return False, "unknown question"
    for n in SAMPLE_POINTS:
        try:
            got = evaluate_answer(expr, n)
        except AnswerError as exc:
            return False, str(exc)
        want = ref(n)
        if got != want:
            return False, f"n={n}: expected {want}, got {got}"
    return True, "correct"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("answers_csv")
    ap.add_argument("--out", default="quiz_scores.csv")
    ap.add_argument("--points", type=float, default=2.0, help="points per question")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    scores = defaultdict(float)
    feedback = defaultdict(list)
    with open(args.answers_csv, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            student = row["student"].strip()
            q = row["question"].strip().lower()
            ok, msg = check(q, row["answer"])
            if ok:
                scores[student] += args.points
            else:
                scores.setdefault(student, 0.0)
            feedback[student].append(f"{q}: {msg}")

    with open(args.out, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["student", "score", "feedback"])
        for student in sorted(scores):
            writer.writerow([student, scores[student], "; ".join(feedback[student])])

    total = args.points * len(REFERENCE)
    for student in sorted(scores):
        log.info("%-15s %4.1f / %.1f", student, scores[student], total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
