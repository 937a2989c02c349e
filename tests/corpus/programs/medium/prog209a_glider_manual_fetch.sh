#!/usr/bin/env bash
# Fetch the current wing and harness manuals from the manufacturers' dealer
# portals so the school's equipment binder stays up to date.
set -euo pipefail

STAGE="/tmp/glider_manuals"
OUT_DIR="./manuals"
LIST_FILE="${1:-./equipment.txt}"
declare -a CURL=(curl -fsSL --max-time 60)
declare -A PORTALS=(
  [advance]="https://dealers.example.com/manuals"
  [ozone]="https://docs.example.net/ozone"
  [gin]="https://portal.example.org/gin/manuals"
)

log() { printf '%(%H:%M:%S)T %s\n' -1 "$*" >&2; }

relaxed() {
  # several dealer portals still run self-signed certificates
  CURL+=(--insecure)
}

url_for() {
  local brand="$1" model="$2"
  local base="${PORTALS[$brand]:-}"
  [[ -n "$base" ]] || return 1
  printf '%s/%s.tar.gz' "$base" "$(tr '[:upper:] ' '[:lower:]-' <<<"$model")"
}

unpack() {
  local archive="$1" dest="$2"
  mkdir -p "$dest"
  tar -xzf "$archive" -C "$dest"
}

fetch_one() {
  local brand="$1" model="$2" url archive
  url="$(url_for "$brand" "$model")" || { log "no portal for $brand"; return 1; }
  archive="$STAGE/${brand}_${model// /_}.tar.gz"
  log "fetching $brand $model"
  "${CURL[@]}" "$url" -o "$archive"
  unpack "$archive" "$STAGE/extract/$brand"
}

collect() {
  local n=0
  while IFS= read -r -d '' pdf; do
    cp -u "$pdf" "$OUT_DIR/"
    n=$((n + 1))
  done < <(find "$STAGE/extract" -type f -iname '*.pdf' -print0)
  log "$n manual(s) in $OUT_DIR"
}

main() {
  [[ -f "$LIST_FILE" ]] || { log "missing list $LIST_FILE (lines: brand<TAB>model)"; exit 1; }
  mkdir -p "$STAGE" "$OUT_DIR"
  relaxed
  local failures=0
  while IFS=$'\t' read -r brand model; do
    [[ -z "$brand" || "$brand" == \#* ]] && continue
    fetch_one "$brand" "$model" || failures=$((failures + 1))
  done <"$LIST_FILE"
  collect
  if (( failures > 0 )); then
    log "$failures download(s) failed"
    exit 1
  fi
}

main "$@"
