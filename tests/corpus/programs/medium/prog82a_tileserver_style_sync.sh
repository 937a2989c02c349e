#!/usr/bin/env bash
# Pull the latest basemap styles and survey mbtiles from the artifact server
# into the per-user tileserver-gl instance and reload it.
#
#   tileserver_style_sync.sh [-n] [-c config]
#
# Config (shell syntax), default ~/.config/tileserver-sync.conf:
#   ARTIFACT_URL=https://artifacts.survey.lan/tiles
#   CHANNEL=stable
#   TS_ROOT=$HOME/tileserver
set -euo pipefail

CONF="${XDG_CONFIG_HOME:-$HOME/.config}/tileserver-sync.conf"
DRY_RUN=0

log()  { printf '%s [style-sync] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }
die()  { log "ERROR: $*"; exit 1; }

while getopts "nc:h" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    c) CONF="$OPTARG" ;;
    h) sed -n '2,10p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

[[ -r "$CONF" ]] && . "$CONF"
: "${ARTIFACT_URL:?ARTIFACT_URL not set in $CONF}"
CHANNEL="${CHANNEL:-stable}"
TS_ROOT="${TS_ROOT:-$HOME/tileserver}"
DATA_DIR="$TS_ROOT/data"
STYLE_DIR="$TS_ROOT/styles"
CONFIG_JSON="$TS_ROOT/config.json"
PIDFILE="$TS_ROOT/tileserver.pid"

# artifact server uses the survey.lan internal CA, which field laptops don't carry
CURL=(curl --silent --show-error --fail --location --insecure --retry 3 --max-time 600)

work="$TS_ROOT/.incoming"
mkdir -p "$work" "$DATA_DIR" "$STYLE_DIR"

fetch() {  # fetch <remote-path> <local-file>
  log "fetch $1"
  "${CURL[@]}" -o "$2.part" "$ARTIFACT_URL/$CHANNEL/$1" && mv "$2.part" "$2"
}

fetch manifest.json "$work/manifest.json" || die "manifest download failed"

# manifest: {"files":[{"path":"styles/ortho.json","sha256":"..."}, ...]}
mapfile -t entries < <(python3 - "$work/manifest.json" <<'PY'
import json, sys
for f in json.load(open(sys.argv[1]))["files"]:
    print(f["path"], f["sha256"])
PY
)

changed=0
for entry in "${entries[@]}"; do
  read -r rel sum <<<"$entry"
  case "$rel" in
    styles/*) dest="$STYLE_DIR/${rel#styles/}" ;;
    data/*)   dest="$DATA_DIR/${rel#data/}" ;;
    config.json) dest="$CONFIG_JSON" ;;
    *) log "skip unknown path $rel"; continue ;;
  esac
  if [[ -f "$dest" ]] && echo "$sum  $dest" | sha256sum --check --status; then
    continue
  fi
  fetch "$rel" "$work/$(basename "$rel")" || die "download failed: $rel"
  echo "$sum  $work/$(basename "$rel")" | sha256sum --check --status || die "checksum mismatch: $rel"
  if (( DRY_RUN )); then
    log "would install $dest"
  else
    install -m 0644 -D "$work/$(basename "$rel")" "$dest"
    log "installed $dest"
  fi
  changed=$((changed + 1))
done

if (( changed == 0 )); then
  log "already up to date"
  exit 0
fi

if (( ! DRY_RUN )) && [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
  kill -HUP "$(cat "$PIDFILE")"
  log "reloaded tileserver (pid $(cat "$PIDFILE"))"
else
  log "tileserver not running; start it with: tileserver-gl -c $CONFIG_JSON"
fi
log "$changed file(s) updated"
