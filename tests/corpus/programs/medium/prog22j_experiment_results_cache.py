#!/usr/bin/env python3
"""Run a parameter sweep and cache results between runs.

Each (learning_rate, batch_size) combination is scored by a toy objective.
Results are pickled to results_cache.pkl so re-running the sweep only
computes the combinations that are new.
"""
import argparse
import itertools
import math
import os
import pickle
import time

CACHE_FILE = "results_cache.pkl"


def load_cache():
    if os.path.exists(CACHE_FILE):
        with open(CACHE_FILE, "rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(cache):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(cache, fh)


def evaluate(lr, batch):
    """Stand-in for a training run: a smooth bowl with some noise."""
    time.sleep(0.2)
    return (math.log10(lr) + 3) ** 2 + (math.log2(batch) - 6) ** 2 / 4 \
        + 0.01 * math.sin(lr * batch)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clear", action="store_true", help="ignore the cache")
    args = parser.parse_args()

    lrs = [1e-4, 3e-4, 1e-3, 3e-3, 1e-2]
    batches = [16, 32, 64, 128]

    cache = {} if args.clear else load_cache()
    hits = 0
    for lr, batch in itertools.product(lrs, batches):
        key = (lr, batch)
        if key in cache:
            hits += 1
            continue
        cache[key] = evaluate(lr, batch)
        print(f"lr={lr:<7g} batch={batch:<4d} loss={cache[key]:.4f}")

    save_cache(cache)
    best = min(cache, key=cache.get)
    print(f"\n{hits} cached, {len(cache) - hits} computed this run")
    print(f"Best: lr={best[0]:g} batch={best[1]} loss={cache[best]:.4f}")


if __name__ == "__main__":
    main()
