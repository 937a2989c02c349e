"""Builds a default configuration dictionary from constant pieces."""
import logging

log = logging.getLogger(__name__)
PIECES = ["{", "'retries': 3, ", "'timeout': 10", "}"]


def defaults():
    literal = "".join(PIECES)
    cfg = eval(literal)
    log.debug("defaults %s", cfg)
    return cfg


if __name__ == "__main__":
    print(defaults())
