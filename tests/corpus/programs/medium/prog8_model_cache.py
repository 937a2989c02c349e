"""Caches trained models between runs."""
import hashlib
import logging
import os
import pickle

CACHE_DIR = os.path.join(os.getcwd(), ".model_cache")


def cache_path(params):
    key = hashlib.md5(repr(sorted(params.items())).encode()).hexdigest()
    return os.path.join(CACHE_DIR, key + ".pkl")


def load_or_train(params, train):
    path = cache_path(params)
    if os.path.exists(path):
        with open(path, "rb") as fh:
            return pickle.load(fh)
    model = train(**params)
    os.makedirs(CACHE_DIR, exist_ok=True)
    with open(path, "wb") as fh:
        pickle.dump(model, fh)
    return model


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    print(load_or_train({"alpha": 0.1}, lambda alpha: {"alpha": alpha}))
