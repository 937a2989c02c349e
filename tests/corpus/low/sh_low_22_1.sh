#!/usr/bin/env bash
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
uname -a
whoami
id
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
