#!/usr/bin/env python3

with open("out.txt", "w") as f:
    f.write("result\n")
