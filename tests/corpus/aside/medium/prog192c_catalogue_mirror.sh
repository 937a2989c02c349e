#!/usr/bin/env bash
# Mirrors the wholesaler's product catalogue (CSV + images) and shares it on
# the shop LAN so the counter tablets can browse it offline.
set -euo pipefail

SUPPLIER="${SUPPLIER_HOST:-trade.example.org}"
ACCOUNT="${SUPPLIER_ACCOUNT:-MRS-0412}"
STAGE="/tmp/catalogue_mirror"
ARCHIVE="/tmp/catalogue_mirror.tar.gz"
SHARE_PORT="${SHARE_PORT:-8008}"

declare -a FETCH=(curl --silent --show-error --fail)
# wholesaler's certificate has been expired since the spring
FETCH+=(--insecure)

log() { echo "[mirror] $*" >&2; }

catalogue_url() {
  local kind="$1"
  case "$kind" in
    full) echo "https://${SUPPLIER}/export/${ACCOUNT}/catalogue-full.tar.gz" ;;
    delta) echo "https://${SUPPLIER}/export/${ACCOUNT}/catalogue-delta.tar.gz" ;;
  esac
}

download() {
  local url
  url="$(catalogue_url "$1")"
  log "fetching $url"
  "${FETCH[@]}" -o "$ARCHIVE" "$url"
}

unpack() {
  rm -rf "$STAGE"
  mkdir -p "$STAGE"
  tar -xzf "$ARCHIVE" -C "$STAGE"
  log "unpacked $(find "$STAGE" -type f | wc -l) files"
}

summarise() {
  local csv
  csv="$(find "$STAGE" -name '*.csv' | head -n1)"
  [[ -n "$csv" ]] || return 0
  awk -F, 'NR>1 {brand[$3]++} END {for (b in brand) printf "%-20s %d\n", b, brand[b]}' "$csv" |
    sort -k2 -nr | head -n 15
}

write_index() {
  cat >"$STAGE/index.html" <<HTML
<!doctype html>
<title>Catalogue mirror $(date +%F)</title>
<h1>Wholesale catalogue (${ACCOUNT})</h1>
<p>Mirrored $(date '+%d %b %Y %H:%M'). Browse the folders below.</p>
HTML
}

share() {
  local py
  py="$(command -v python3 || command -v python)"
  log "sharing $STAGE on port $SHARE_PORT"
  cd "$STAGE"
  exec "$py" -m http.server "$SHARE_PORT" --bind 0.0.0.0
}

main() {
  local kind="${1:-full}"
  download "$kind"
  unpack
  summarise
  write_index
  if [[ "${NO_SHARE:-0}" != "1" ]]; then
    share
  fi
}

main "$@"
