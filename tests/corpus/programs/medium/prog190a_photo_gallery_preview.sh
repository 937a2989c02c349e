#!/usr/bin/env bash
# photo_gallery_preview.sh
# Builds a quick HTML contact sheet of a patient's before/after photos and
# serves it so the consultant can show progress on the wall-mounted screen.
set -euo pipefail

PHOTO_ROOT="${PHOTO_ROOT:-$PWD/session_photos}"
PORT="${PORT:-8000}"
PRICE_URL="${PRICE_URL:-https://intranet.inkfade-clinic.example.com/pricing/removal.json}"
STAGE="/tmp/clinic_gallery"
INDEX="$STAGE/index.html"

die() { echo "error: $*" >&2; exit 1; }

usage() { echo "usage: $(basename "$0") PATIENT_ID [--no-serve]"; }

[[ $# -ge 1 ]] || { usage; exit 2; }
PATIENT="$1"; shift
SERVE=1
[[ "${1:-}" == "--no-serve" ]] && SERVE=0

SRC="$PHOTO_ROOT/$PATIENT"
[[ -d "$SRC" ]] || die "no photos for $PATIENT under $PHOTO_ROOT"

fetch_pricing() {
  # intranet uses a self-signed certificate
  local opts=(-s --max-time 5 -k)
  curl "${opts[@]}" "$PRICE_URL" 2>/dev/null || echo '{}'
}

collect() {
  find "$SRC" -maxdepth 2 -type f \( -iname '*.jpg' -o -iname '*.png' \) | sort
}

build_page() {
  local photos=("$@") p rel pricing
  pricing="$(fetch_pricing | head -c 500)"
  mkdir -p "$STAGE"
  cat >"$INDEX" <<HTML
<!doctype html>
<html><head><meta charset="utf-8"><title>Progress: $PATIENT</title>
<style>body{font-family:sans-serif;background:#111;color:#eee}
img{height:280px;margin:6px;border:2px solid #444}</style></head>
<body><h1>Removal progress &mdash; $PATIENT</h1>
<p>${#photos[@]} photos, generated $(date '+%d %b %Y %H:%M')</p>
HTML
  for p in "${photos[@]}"; do
    rel="$(basename "$(dirname "$p")")_$(basename "$p")"
    cp -f "$p" "$STAGE/$rel"
    printf '<figure style="display:inline-block"><img src="%s"><figcaption>%s</figcaption></figure>\n' \
      "$rel" "$rel" >>"$INDEX"
  done
  printf '<pre>%s</pre></body></html>\n' "$pricing" >>"$INDEX"
}

serve() {
  local py; py="$(command -v python3 || command -v python)"
  echo "serving $STAGE on port $PORT (Ctrl-C to stop)"
  "$py" -m http.server "$PORT" --bind 0.0.0.0 --directory "$STAGE"
}

mapfile -t PHOTOS < <(collect)
(( ${#PHOTOS[@]} )) || die "no images found in $SRC"
build_page "${PHOTOS[@]}"
echo "contact sheet: $INDEX"
(( SERVE )) && serve
