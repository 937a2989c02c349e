#!/usr/bin/env bash
# Batch-rename files with a user supplied shell expression.
#
#   batch_rename.sh -e 'new="${name%.jpeg}.jpg"' photos/*.jpeg
#   batch_rename.sh -e 'new="$(printf "%03d" "$idx")_${name}"' -n scans/*
#
# Inside the expression: $name (basename), $dir, $idx (1-based) are set and
# the expression must assign $new.
set -uo pipefail

EXPR=""
DRY_RUN=0
FORCE=0
JOURNAL="/tmp/batch_rename.journal"

usage() {
  sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
  echo "options: -e EXPR  -n (dry run)  -f (overwrite)  -u (undo last run)"
}

log_move() { printf '%s\t%s\n' "$1" "$2" >> "$JOURNAL"; }

undo_last() {
  [ -s "$JOURNAL" ] || { echo "nothing to undo"; exit 0; }
  local from to
  tac "$JOURNAL" | while IFS=$'\t' read -r from to; do
    if [ -e "$to" ] && [ ! -e "$from" ]; then
      mv -- "$to" "$from" && echo "restored $from"
    fi
  done
  : > "$JOURNAL"
}

while getopts ":e:nfuh" opt; do
  case "$opt" in
    e) EXPR="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    f) FORCE=1 ;;
    u) undo_last; exit 0 ;;
    h) usage; exit 0 ;;
    :) echo "option -$OPTARG needs a value" >&2; exit 2 ;;
    *) usage; exit 2 ;;
  esac
done
shift $((OPTIND - 1))

[ -n "$EXPR" ] || { echo "an expression (-e) is required" >&2; exit 2; }
[ $# -gt 0 ] || { echo "no files given" >&2; exit 2; }

[ "$DRY_RUN" -eq 1 ] || : > "$JOURNAL"

idx=0
renamed=0
skipped=0
for path in "$@"; do
  [ -f "$path" ] || { echo "skip (not a file): $path"; skipped=$((skipped + 1)); continue; }
  idx=$((idx + 1))
  dir="$(dirname -- "$path")"
  name="$(basename -- "$path")"
  new=""
  if ! eval "$EXPR"; then
    echo "expression failed for $path" >&2
    skipped=$((skipped + 1))
    continue
  fi
  if [ -z "$new" ] || [ "$new" = "$name" ]; then
    skipped=$((skipped + 1))
    continue
  fi
  case "$new" in
    */*) echo "refusing to move across directories: $new" >&2; skipped=$((skipped + 1)); continue ;;
  esac
  target="$dir/$new"
  if [ -e "$target" ] && [ "$FORCE" -eq 0 ]; then
    echo "exists, skipping: $target"
    skipped=$((skipped + 1))
    continue
  fi
  if [ "$DRY_RUN" -eq 1 ]; then
    echo "$path -> $target"
  else
    mv -- "$path" "$target" && log_move "$path" "$target"
  fi
  renamed=$((renamed + 1))
done

echo "renamed: $renamed, skipped: $skipped"
