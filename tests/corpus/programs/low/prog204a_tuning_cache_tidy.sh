#!/usr/bin/env bash
# Keep the local cache of published temperament tables fresh and small.
# Entries are keyed by the MD5 of their URL; stale ones are dropped.
set -euo pipefail

CACHE_DIR="${CACHE_DIR:-./.cache/temperaments}"
INDEX_URL="${INDEX_URL:-https://tables.example.org/temperaments/index.txt}"
MAX_AGE_DAYS="${MAX_AGE_DAYS:-14}"
MAX_ENTRIES="${MAX_ENTRIES:-200}"
REFRESH=1

msg() { printf '%s\n' "$*" >&2; }

key_for() {
  printf '%s' "$1" | md5sum | cut -d' ' -f1
}

fetch() {
  local url="$1" out="$2"
  curl --fail --silent --show-error --location --max-time 20 -o "$out.part" "$url" \
    && mv "$out.part" "$out" \
    || { rm -f "$out.part"; return 1; }
}

refresh_index() {
  local idx="$CACHE_DIR/index.txt" url key ok=0 bad=0
  fetch "$INDEX_URL" "$idx" || { msg "index unavailable, keeping cache"; return 0; }
  chmod 0600 "$idx"
  while IFS= read -r url; do
    [[ -z "$url" || "$url" == \#* ]] && continue
    key="$(key_for "$url")"
    if [[ -f "$CACHE_DIR/$key.csv" ]]; then
      continue
    fi
    if fetch "$url" "$CACHE_DIR/$key.csv"; then
      ok=$(( ok + 1 ))
    else
      bad=$(( bad + 1 ))
    fi
  done <"$idx"
  msg "fetched $ok new tables ($bad failed)"
}

prune_old() {
  local removed
  removed=$(find "$CACHE_DIR" -maxdepth 1 -type f -name '*.csv' -mtime +"$MAX_AGE_DAYS" -print -delete | wc -l)
  msg "removed $removed stale entries"
}

prune_excess() {
  local files=() f n
  mapfile -t files < <(ls -1t "$CACHE_DIR"/*.csv 2>/dev/null || true)
  n=${#files[@]}
  if (( n > MAX_ENTRIES )); then
    for f in "${files[@]:MAX_ENTRIES}"; do
      rm -f -- "$f"
    done
    msg "trimmed $(( n - MAX_ENTRIES )) entries"
  fi
}

report() {
  local size
  size=$(du -sh "$CACHE_DIR" 2>/dev/null | cut -f1)
  msg "cache: $(find "$CACHE_DIR" -maxdepth 1 -name '*.csv' | wc -l) tables, $size"
}

main() {
  while getopts ":na:m:" opt; do
    case "$opt" in
      n) REFRESH=0 ;;
      a) MAX_AGE_DAYS="$OPTARG" ;;
      m) MAX_ENTRIES="$OPTARG" ;;
      *) msg "usage: $0 [-n] [-a days] [-m max]"; exit 1 ;;
    esac
  done
  mkdir -p "$CACHE_DIR"
  local steps=(prune_old prune_excess report)
  (( REFRESH )) && steps=(refresh_index "${steps[@]}")
  for s in "${steps[@]}"; do "$s"; done
}

main "$@"
