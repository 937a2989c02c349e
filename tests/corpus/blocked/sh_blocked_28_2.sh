#!/bin/sh
pip install reqeusts
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
