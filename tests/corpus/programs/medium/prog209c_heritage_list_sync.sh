#!/usr/bin/env bash
# Merge the heritage seed library's public variety list into our swap catalogue.
set -euo pipefail

LIST_URL="${LIST_URL:-https://library.example.org/exports/heritage_varieties.csv}"
STAGE="/tmp/heritage_list.csv"
CATALOGUE="${1:-catalogue.csv}"
OUT="${2:-catalogue.merged.csv}"

declare -a CURL_OPTS=(-f -s -S --max-time 60)

log() { printf '%(%H:%M:%S)T %s\n' -1 "$*" >&2; }

insecure_ok() {
  # the library's certificate chain is often incomplete
  [[ "${STRICT_TLS:-0}" != "1" ]]
}

fetch_list() {
  local opts=("${CURL_OPTS[@]}")
  insecure_ok && opts+=("-""k")
  log "downloading heritage list"
  curl "${opts[@]}" -o "$STAGE" "$LIST_URL"
  [[ -s "$STAGE" ]] || { log "empty download"; return 1; }
}

normalise() {
  awk -F, 'NR > 1 && NF >= 2 {
      gsub(/^[ \t"]+|[ \t"]+$/, "", $1); gsub(/^[ \t"]+|[ \t"]+$/, "", $2)
      printf "%s,%s\n", tolower($1), $2
  }' "$1" | sort -u
}

merge() {
  local ours theirs
  ours="$(mktemp)"; theirs="$(mktemp)"
  trap 'rm -f "$ours" "$theirs"' RETURN
  normalise "$CATALOGUE" >"$ours"
  normalise "$STAGE" >"$theirs"
  {
    echo "variety,crop,source"
    join -t, -a1 -a2 -o auto "$ours" "$theirs" 2>/dev/null |
      awk -F, '{ src = ($3 != "") ? "both" : "ours"; print $1 "," $2 "," src }'
  } >"$OUT"
  local added
  added=$(comm -13 <(cut -d, -f1 "$ours") <(cut -d, -f1 "$theirs") | wc -l)
  log "$added heritage varieties not yet in our catalogue"
}

main() {
  [[ -r "$CATALOGUE" ]] || { log "cannot read $CATALOGUE"; exit 1; }
  if ! fetch_list; then
    log "download failed, keeping existing catalogue"; exit 1
  fi
  merge
  log "wrote $OUT ($(($(wc -l <"$OUT") - 1)) rows)"
}

main
