#!/usr/bin/env bash
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
sudo apt-get install -y nginx
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
