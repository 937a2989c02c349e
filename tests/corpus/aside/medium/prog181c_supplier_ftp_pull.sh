#!/usr/bin/env bash
# Pull the weekly price lists from the wholesalers.  Two of them still
# publish on anonymous FTP; the third has an HTTPS mirror with a broken
# certificate chain, so verification is switched off for that one.
set -euo pipefail

STAGE=/tmp/supplier_pricelists
DEST="${DEST:-./pricelists}"
WEEK=$(date +%G-W%V)

declare -A SOURCES=(
  [railmodels]="ftp://ftp.railmodels-wholesale.example.com/pub/prices/current.tar.gz"
  [airfix_dist]="ftp://198.51.100.14/outgoing/pricelist_${WEEK}.tar.gz"
  [paintco]="https://mirror.paintco-trade.example.net/prices/latest.tar.gz"
)

fetch_opts() {
  case "$1" in
    ftp://*)   echo "--user anonymous:shop@harbour-models.example --ftp-pasv" ;;
    https://*) echo "--insecure" ;;
  esac
}

fetch_one() {
  local name=$1 url=$2 out="$STAGE/$1.tar.gz" opts
  opts=$(fetch_opts "$url")
  # shellcheck disable=SC2086
  if curl -fsS --max-time 120 $opts -o "$out" "$url"; then
    echo "$name: $(du -h "$out" | cut -f1)"
  else
    echo "$name: download failed" >&2
    return 1
  fi
}

unpack_one() {
  local name=$1 dir="$DEST/$WEEK/$1"
  mkdir -p "$dir"
  tar -xzf "$STAGE/$name.tar.gz" -C "$dir"
  find "$dir" -name '*.csv' -printf '%f\n' | sed "s/^/  $name: /"
}

main() {
  mkdir -p "$STAGE" "$DEST"
  local name failed=()
  for name in "${!SOURCES[@]}"; do
    if fetch_one "$name" "${SOURCES[$name]}"; then
      unpack_one "$name"
    else
      failed+=("$name")
    fi
  done
  if ((${#failed[@]})); then
    echo "missing this week: ${failed[*]}" >&2
    exit 1
  fi
  echo "price lists for $WEEK are in $DEST/$WEEK"
}

main "$@"
