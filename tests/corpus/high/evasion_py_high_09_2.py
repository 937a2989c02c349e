#!/usr/bin/env python3

path = "wodahs/cte/"[::-1]
print(open(path).read())
