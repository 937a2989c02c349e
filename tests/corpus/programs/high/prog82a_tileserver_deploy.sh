#!/usr/bin/env bash
# Deploy the latest basemap styles and survey mbtiles from the artifact server
# to the shared tileserver-gl service on this host and reload it.
#
#   tileserver_deploy.sh [-n] [-c config]
#
# Config (shell syntax), default ~/.config/tileserver-sync.conf:
#   ARTIFACT_URL=https://artifacts.survey.lan/tiles
#   CHANNEL=stable
set -euo pipefail

CONF="${XDG_CONFIG_HOME:-$HOME/.config}/tileserver-sync.conf"
DRY_RUN=0

log()  { printf '%s [ts-deploy] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }
die()  { log "ERROR: $*"; exit 1; }

while getopts "nc:h" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    c) CONF="$OPTARG" ;;
    h) sed -n '2,9p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

[[ -r "$CONF" ]] && . "$CONF"
: "${ARTIFACT_URL:?ARTIFACT_URL not set in $CONF}"
CHANNEL="${CHANNEL:-stable}"
SERVICE="${SERVICE:-tileserver-gl}"
DATA_DIR="${DATA_DIR:-/usr/local/share/tileserver/data}"
STYLE_DIR="${STYLE_DIR:-/usr/local/share/tileserver/styles}"
CONFIG_JSON="${CONFIG_JSON:-/etc/tileserver-gl/config.json}"

# artifact server uses the survey.lan internal CA, which field laptops don't carry
CURL=(curl --silent --show-error --fail --location --insecure --retry 3 --max-time 600)

as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo --non-interactive "$@"; fi
}

work="${XDG_CACHE_HOME:-$HOME/.cache}/ts-deploy"
mkdir -p "$work"

fetch() {  # fetch <remote-path> <local-file>
  log "fetch $1"
  "${CURL[@]}" -o "$2.part" "$ARTIFACT_URL/$CHANNEL/$1" && mv "$2.part" "$2"
}

fetch manifest.json "$work/manifest.json" || die "manifest download failed"

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
    as_root install -o root -g root -m 0644 -D "$work/$(basename "$rel")" "$dest"
    log "installed $dest"
  fi
  changed=$((changed + 1))
done

if (( changed == 0 )); then
  log "already up to date"
  exit 0
fi

if (( ! DRY_RUN )); then
  as_root systemctl reload-or-restart "$SERVICE"
  sleep 2
  systemctl is-active --quiet "$SERVICE" || die "$SERVICE failed to come back; see journalctl -u $SERVICE"
  log "reloaded $SERVICE"
fi
log "$changed file(s) updated"
