#!/usr/bin/env bash
# End-of-shift report bundle for the services duty manager.
# Collects the day's CSV exports from ./exports, packs them into ./build,
# and posts a short JSON summary to the area reporting API.
set -euo pipefail

SITE_ID="${SITE_ID:-MSA-M6-J32-NB}"
REPORT_API="${REPORT_API:-https://reports.example.com/api/v1/shift-summaries}"
REPORT_TOKEN="${REPORT_TOKEN:-}"
EXPORTS="./exports"
BUILD="./build"
SHIFT="${SHIFT:-$(date +%F)-$( (( 10#$(date +%H) < 14 )) && echo early || echo late)}"

declare -a KINDS=(fuel shop foodcourt parking)
declare -A COUNTS=()

say() { printf '[shift-bundle] %s\n' "$*"; }

count_rows() {
  local f="$1"
  [[ -f "$f" ]] || { echo 0; return; }
  echo $(( $(wc -l < "$f") - 1 ))
}

collect() {
  local kind src
  mkdir -p "$BUILD/tmp"
  for kind in "${KINDS[@]}"; do
    src="$EXPORTS/${kind}_$(date +%Y%m%d).csv"
    COUNTS[$kind]="$(count_rows "$src")"
    [[ -f "$src" ]] && cp -- "$src" "$BUILD/tmp/"
  done
}

pack() {
  local archive="$BUILD/shift_${SITE_ID}_${SHIFT}.tar.gz"
  tar -czf "$archive" -C "$BUILD/tmp" .
  (cd "$BUILD" && sha256sum "$(basename "$archive")" > "$(basename "$archive").sha256")
  echo "$archive"
}

summary_json() {
  local archive="$1" digest
  digest="$(cut -d' ' -f1 "$archive.sha256")"
  cat <<EOF
{"site":"$SITE_ID","shift":"$SHIFT","archive_sha256":"$digest",
 "rows":{"fuel":${COUNTS[fuel]},"shop":${COUNTS[shop]},"foodcourt":${COUNTS[foodcourt]},"parking":${COUNTS[parking]}},
 "note_b64":"$(printf 'Shift %s closed by %s' "$SHIFT" "${USER:-duty}" | base64 -w0)"}
EOF
}

post_summary() {
  local body="$1"
  if [[ -z "$REPORT_TOKEN" ]]; then
    say "REPORT_TOKEN not set; summary kept at $BUILD/summary.json"
    return
  fi
  curl -fsS --max-time 20 -X POST \
    -H "Authorization: Bearer $REPORT_TOKEN" \
    -H 'Content-Type: application/json' \
    --data-binary "@$body" "$REPORT_API"
  echo
}

cleanup() { rm -rf -- "$BUILD/tmp"; }

main() {
  [[ -d "$EXPORTS" ]] || { say "no $EXPORTS directory here"; exit 1; }
  trap cleanup EXIT
  collect
  local archive
  archive="$(pack)"
  summary_json "$archive" > "$BUILD/summary.json"
  post_summary "$BUILD/summary.json"
  say "bundle $(basename "$archive") ready"
}

main "$@"
