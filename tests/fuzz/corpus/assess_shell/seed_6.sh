#!/bin/sh
for repo in */; do
  [ -d "$repo/.git" ] || continue
  count=$(git -C "$repo" rev-list --count HEAD)
  last=$(git -C "$repo" log -1 --format=%cr)
  printf '%-30s %6s commits, last %s\n' "$repo" "$count" "$last"
done
