#!/usr/bin/env bash
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
git clone https://github.com/example/repo.git
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
