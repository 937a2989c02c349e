#!/usr/bin/env bash
# Push tonight's menu board images and price overlay to the food court
# screen controller. The controller only speaks plain FTP.
set -euo pipefail

CONTROLLER="${MENU_CONTROLLER:-192.0.2.88}"
FTP_USER="${MENU_FTP_USER:-menuboard}"
FTP_PASS="${MENU_FTP_PASS:?set MENU_FTP_PASS}"
PRICE_FEED="${PRICE_FEED:-https://pricing.example.com/foodcourt/today.json}"
SRC_DIR="${MENU_SRC:-./menu_assets}"
STAGE="/tmp/menuboard_stage"

declare -a CURL_BASE=(curl -sS --retry 2 --connect-timeout 10)
declare -A REMOTE=(
  [images]="/boards/images"
  [overlay]="/boards/overlay"
)

note() { printf '[menu-push] %s\n' "$*"; }

ftp_url() {
  local kind="$1" file="$2"
  printf 'ftp://%s%s/%s' "$CONTROLLER" "${REMOTE[$kind]}" "$file"
}

fetch_prices() {
  # pricing box uses the old internal CA, so skip verification
  "${CURL_BASE[@]}" -k -o "$STAGE/prices.json" "$PRICE_FEED"
}

build_overlay() {
  local out="$STAGE/overlay.txt"
  python3 - "$STAGE/prices.json" > "$out" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
for item in data.get("items", []):
    print(f"{item['name'][:24]:<24} £{item['price']:.2f}")
PY
  echo "$out"
}

upload() {
  local kind="$1" path="$2"
  "${CURL_BASE[@]}" --user "${FTP_USER}:${FTP_PASS}" --ftp-create-dirs \
    -T "$path" "$(ftp_url "$kind" "$(basename "$path")")"
  note "uploaded $(basename "$path") -> ${REMOTE[$kind]}"
}

stage_images() {
  local img
  shopt -s nullglob
  for img in "$SRC_DIR"/*.png "$SRC_DIR"/*.jpg; do
    cp -- "$img" "$STAGE/"
  done
  shopt -u nullglob
}

main() {
  rm -rf "$STAGE"
  mkdir -p "$STAGE"
  fetch_prices
  stage_images
  local overlay
  overlay="$(build_overlay)"
  local f
  for f in "$STAGE"/*.png "$STAGE"/*.jpg; do
    [[ -e "$f" ]] && upload images "$f"
  done
  upload overlay "$overlay"
  note "done at $(date +%H:%M)"
}

main "$@"
