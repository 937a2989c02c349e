import os
import pickle

CACHE = "cache/model.pkl"


def load_or_train(train):
    if os.path.exists(CACHE):
        with open(CACHE, "rb") as f:
            return pickle.load(f)
    model = train()
    os.makedirs("cache", exist_ok=True)
    with open(CACHE, "wb") as f:
        pickle.dump(model, f)
    return model
