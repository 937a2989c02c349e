import os
import pickle
from pathlib import Path

CACHE = Path(os.environ.get("CACHE_DIR", ".cache")) / "state.pkl"


def load_state():
    if CACHE.exists():
        with CACHE.open("rb") as fh:
            return pickle.load(fh)
    return {}


def save_state(state):
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    with CACHE.open("wb") as fh:
        pickle.dump(state, fh)


state = load_state()
state["runs"] = state.get("runs", 0) + 1
save_state(state)
