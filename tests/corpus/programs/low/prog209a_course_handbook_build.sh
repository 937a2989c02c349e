#!/usr/bin/env bash
# Assemble the student course handbook (theory chapters, site rules,
# emergency procedures) from ./chapters/*.md into ./build/handbook.md.
set -euo pipefail

SRC_DIR="./chapters"
BUILD_DIR="./build"
OUT="$BUILD_DIR/handbook.md"
TITLE="${HANDBOOK_TITLE:-Paragliding Elementary Pilot Course}"
declare -a ORDER=()
declare -A WORDS=()

log() { printf '[handbook] %s\n' "$*" >&2; }

usage() {
  cat <<EOF
Usage: $(basename "$0") [build|clean|stats]
  build  assemble $OUT (default)
  clean  remove $BUILD_DIR
  stats  word count per chapter
EOF
}

discover() {
  local f
  while IFS= read -r f; do
    ORDER+=("$f")
  done < <(find "$SRC_DIR" -maxdepth 1 -type f -name '[0-9][0-9]_*.md' | sort)
  (( ${#ORDER[@]} > 0 )) || { log "no chapters in $SRC_DIR"; exit 1; }
}

chapter_title() {
  local line
  line="$(grep -m1 '^# ' "$1" || true)"
  printf '%s' "${line#\# }"
}

toc() {
  local f t anchor
  echo "## Contents"
  echo
  for f in "${ORDER[@]}"; do
    t="$(chapter_title "$f")"
    anchor="$(tr '[:upper:] ' '[:lower:]-' <<<"$t" | tr -cd 'a-z0-9-')"
    printf -- '- [%s](#%s)\n' "$t" "$anchor"
  done
  echo
}

build() {
  discover
  mkdir -p "$BUILD_DIR"
  {
    printf '%% %s\n%% Edition %s\n\n' "$TITLE" "$(date +%Y)"
    toc
    local f
    for f in "${ORDER[@]}"; do
      cat "$f"
      printf '\n\n'
    done
  } >"$OUT.tmp"
  mv "$OUT.tmp" "$OUT"
  chmod 0600 "$OUT"
  log "wrote $OUT ($(wc -l <"$OUT") lines, ${#ORDER[@]} chapters)"
}

stats() {
  discover
  local f total=0
  for f in "${ORDER[@]}"; do
    WORDS["$f"]="$(wc -w <"$f")"
    total=$(( total + WORDS["$f"] ))
  done
  for f in "${ORDER[@]}"; do
    printf '%6d  %s\n' "${WORDS[$f]}" "$(basename "$f")"
  done
  printf '%6d  total\n' "$total"
}

clean() {
  [[ -d "$BUILD_DIR" ]] && rm -rf -- "$BUILD_DIR"
  log "cleaned $BUILD_DIR"
}

main() {
  local -A dispatch=([build]=build [clean]=clean [stats]=stats)
  local cmd="${1:-build}"
  if [[ -z "${dispatch[$cmd]:-}" ]]; then
    usage
    exit 2
  fi
  "${dispatch[$cmd]}"
}

main "$@"
