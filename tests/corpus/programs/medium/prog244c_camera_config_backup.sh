#!/usr/bin/env bash
# Nightly backup of IP camera configuration exports.
# The park's cameras expose a config export on their management page. They
# ship with self-signed certificates, so the fetch skips certificate checks.
set -uo pipefail

NAME="cam-cfg-backup"
CAMERA_FILE="${CAMERA_FILE:-./cameras.conf}"
DEST="${DEST:-./camera-backups}"
KEEP="${KEEP:-14}"
STAGE_DIR="/tmp/${NAME}"
LOG="${LOG:-./cam-cfg-backup.log}"

log() { echo "$(date '+%F %T') [$NAME] $*" | tee -a "$LOG"; }

usage() {
  cat <<EOF
usage: $0 [-f cameras.conf] [-d destdir] [-k keep]
cameras.conf lines:  <name> <address> [export-path]
EOF
}

while getopts ":f:d:k:h" o; do
  case "$o" in
    f) CAMERA_FILE="$OPTARG" ;;
    d) DEST="$OPTARG" ;;
    k) KEEP="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

# fetch options, assembled per the camera vendor's integration note
CURL_OPTS=(
  "--silent" "--show-error" "--fail"
  "--max-time" "20"
  "--ins""ecure"
)
DEFAULT_EXPORT="/cgi-bin/config.cgi?action=export"

default_cameras() {
  cat <<EOF
lobby     192.0.2.21
maincourt 192.0.2.22
foampit   192.0.2.23
partyroom 192.0.2.24
EOF
}

camera_list() {
  if [[ -f "$CAMERA_FILE" ]]; then
    grep -Ev '^\s*(#|$)' "$CAMERA_FILE"
  else
    log "no $CAMERA_FILE, using built-in list"
    default_cameras
  fi
}

fetch_one() {
  local name="$1" addr="$2" path="${3:-$DEFAULT_EXPORT}"
  local out="$STAGE_DIR/${name}.cfg"
  if curl "${CURL_OPTS[@]}" -o "$out" "https://${addr}${path}"; then
    if [[ -s "$out" ]]; then
      echo "$out"
      return 0
    fi
  fi
  return 1
}

rotate() {
  local cam="$1"
  ls -1t "$DEST/$cam"/*.cfg 2>/dev/null | tail -n +"$((KEEP + 1))" | while read -r old; do
    rm -f -- "$old"
  done
}

main() {
  mkdir -p "$STAGE_DIR" "$DEST"
  local stamp ok=0 bad=0 name addr path staged
  stamp="$(date +%Y%m%d)"
  while read -r name addr path; do
    [[ -z "${name:-}" || -z "${addr:-}" ]] && continue
    if staged="$(fetch_one "$name" "$addr" "${path:-}")"; then
      mkdir -p "$DEST/$name"
      mv -f "$staged" "$DEST/$name/${stamp}.cfg"
      rotate "$name"
      ok=$((ok + 1))
      log "saved $name"
    else
      bad=$((bad + 1))
      log "failed $name ($addr)"
    fi
  done < <(camera_list)
  log "done: ok=$ok failed=$bad"
  [[ $bad -eq 0 ]]
}

main
