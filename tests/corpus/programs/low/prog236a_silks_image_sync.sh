#!/usr/bin/env bash
# silks_image_sync.sh - download owners' racing silks images for today's
# declared runners and build a self-contained HTML preview page (images
# inlined as base64) for the racecard print room.
set -euo pipefail

ENTRIES="./declared_runners.csv"
SILKS_DIR="./silks"
PREVIEW="./silks_preview.html"
SILKS_BASE="https://silks.example.net/img"
TIMEOUT=15
FORCE=0

log() { printf '%s  %s\n' "$(date +%T)" "$*" >&2; }

usage() {
  echo "Usage: $0 [-e entries.csv] [-o preview.html] [-f]"
}

while getopts ":e:o:fh" o; do
  case "$o" in
    e) ENTRIES="$OPTARG" ;;
    o) PREVIEW="$OPTARG" ;;
    f) FORCE=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

[[ -f "$ENTRIES" ]] || { log "entries file $ENTRIES not found"; exit 1; }
mkdir -p "$SILKS_DIR"

silk_code_list() {
  # CSV columns: race,cloth,horse,owner,silk_code
  tail -n +2 "$ENTRIES" | cut -d, -f5 | tr -d '\r ' | grep -E '^[A-Za-z0-9_-]+$' | sort -u
}

remote_exists() {
  local url="$1" code
  code=$(curl -s -I -o /dev/null -w '%{http_code}' --max-time "$TIMEOUT" "$url" || echo 000)
  [[ "$code" == "200" ]]
}

fetch_silk() {
  local code="$1" url dest
  url="$SILKS_BASE/$code.png"
  dest="$SILKS_DIR/$code.png"
  if [[ -s "$dest" && $FORCE -eq 0 ]]; then
    return 0
  fi
  if ! remote_exists "$url"; then
    log "no silk image for $code"
    return 1
  fi
  curl -fsS --max-time "$TIMEOUT" -o "$dest.part" "$url"
  mv "$dest.part" "$dest"
  log "fetched $code"
}

html_escape() {
  sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'
}

build_preview() {
  {
    echo '<!doctype html><html><head><meta charset="utf-8"><title>Silks preview</title>'
    echo '<style>td{padding:4px 10px;font-family:sans-serif}img{height:48px}</style></head><body>'
    echo '<table><tr><th>Race</th><th>No.</th><th>Horse</th><th>Owner</th><th>Silks</th></tr>'
    tail -n +2 "$ENTRIES" | tr -d '\r' | while IFS=, read -r race cloth horse owner code; do
      local img="$SILKS_DIR/$code.png" cell="(missing)"
      if [[ -s "$img" ]]; then
        cell="<img alt=\"$code\" src=\"data:image/png;base64,$(base64 -w0 "$img")\">"
      fi
      printf '<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n' \
        "$race" "$cloth" "$(html_escape <<<"$horse")" "$(html_escape <<<"$owner")" "$cell"
    done
    echo '</table></body></html>'
  } >"$PREVIEW"
  log "preview written to $PREVIEW"
}

main() {
  local ok=0 missing=0 code
  while read -r code; do
    if fetch_silk "$code"; then ok=$((ok + 1)); else missing=$((missing + 1)); fi
  done < <(silk_code_list)
  log "silks: $ok available, $missing missing"
  build_preview
}

main
