#!/usr/bin/env python3

import argparse
p = argparse.ArgumentParser()
p.add_argument("--n", type=int, default=3)
args = p.parse_args()
print(args.n)
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
