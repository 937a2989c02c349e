#!/usr/bin/env bash
# Fetches the tree-sitter grammars the assessor compiles in (src/assess):
# tree-sitter-python and tree-sitter-bash 0.21.0 from npm (generated for ABI
# 14, which Debian's libtree-sitter 0.20.7 loads), checked against pinned
# SHA-256 sums, into .deps/grammars/NAME/ (git-ignored). Only src/parser.c,
# src/scanner.c and src/tree_sitter/ are used. Safe to run again: a grammar
# already in place is kept.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=.deps/grammars
grammars=(
  "tree-sitter-python 0.21.0 787841ada211201c4d7b4f4c3115f31bd7e7ed97cc76986b0ef108035ffa7ef2"
  "tree-sitter-bash 0.21.0 23dbe2cf4e4a3102d1858a60b00623844a796387a2d15374652d996edb173e34"
)
mkdir -p "$dest"
for g in "${grammars[@]}"; do
  read -r name version sum <<<"$g"
  dir=$dest/$name
  if [ -f "$dir/.version" ] && [ "$(cat "$dir/.version")" = "$version $sum" ]; then continue; fi
  command -v npm >/dev/null || { echo "fetch-grammars: npm is missing (tools/install-deps.sh installs it)" >&2; exit 1; }
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack --silent "$name@$version" >/dev/null)
  tgz=$tmp/$name-$version.tgz
  got=$(sha256sum "$tgz" | cut -d' ' -f1)
  if [ "$got" != "$sum" ]; then
    echo "fetch-grammars: $name@$version has SHA-256 $got, expected $sum" >&2
    exit 1
  fi
  rm -rf "$dir" && mkdir -p "$dir"
  tar -xzf "$tgz" -C "$dir" --strip-components=1 package/src/parser.c package/src/scanner.c \
    package/src/tree_sitter package/LICENSE
  echo "$version $sum" >"$dir/.version"
  rm -rf "$tmp"
  trap - EXIT
  echo "fetch-grammars: $name@$version in $dir"
done
