#!/usr/bin/env bash
# xray_archive_fetch.sh - copy new radiograph exports off the X-ray
# console so they can be attached to insurance claims.
#
# The console (an older DR unit) only exposes its export folder over its
# built-in file server.  Settings come from ./xray.conf:
#   XRAY_HOST=10.20.0.15
#   XRAY_USER=export
#   XRAY_PASS=...
#   XRAY_DIR=/EXPORT/DICOM
#
#   ./xray_archive_fetch.sh [-n] [-d DAYS]

set -euo pipefail

DRY_RUN=0
MAX_AGE_DAYS=7
CONF="./xray.conf"
DEST="./radiographs"
SEEN="./state/xray_seen.txt"

usage() { echo "usage: $0 [-n] [-d days] [-c conf]" >&2; exit 64; }

while getopts ":nd:c:" opt; do
  case $opt in
    n) DRY_RUN=1 ;;
    d) MAX_AGE_DAYS=$OPTARG ;;
    c) CONF=$OPTARG ;;
    *) usage ;;
  esac
done

[[ -r "$CONF" ]] || { echo "missing $CONF" >&2; exit 66; }
# shellcheck source=/dev/null
. "$CONF"
: "${XRAY_HOST:?}" "${XRAY_USER:?}" "${XRAY_PASS:?}"
XRAY_DIR="${XRAY_DIR:-/EXPORT/DICOM}"

mkdir -p "$DEST" "$(dirname "$SEEN")"
touch "$SEEN"

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

remote_listing() {
  curl -s --max-time 60 --list-only \
       --user "${XRAY_USER}:${XRAY_PASS}" \
       "ftp://${XRAY_HOST}${XRAY_DIR}/"
}

wanted() {
  # Export names look like STUDY_20240611_143015_<patientid>.dcm
  local name="$1" stamp cutoff
  [[ "$name" == *.dcm ]] || return 1
  grep -qxF "$name" "$SEEN" && return 1
  stamp=$(sed -E 's/^STUDY_([0-9]{8})_.*/\1/' <<<"$name")
  [[ "$stamp" =~ ^[0-9]{8}$ ]] || return 0
  cutoff=$(date -d "-${MAX_AGE_DAYS} days" +%Y%m%d)
  [[ "$stamp" -ge "$cutoff" ]]
}

fetch_one() {
  local name="$1" tries
  for tries in 1 2 3; do
    if wget -q --tries=1 --timeout=60 \
         --ftp-user="$XRAY_USER" --ftp-password="$XRAY_PASS" \
         -O "$DEST/$name.part" "ftp://${XRAY_HOST}${XRAY_DIR}/${name}"; then
      mv "$DEST/$name.part" "$DEST/$name"
      echo "$name" >> "$SEEN"
      return 0
    fi
    log "retry $tries for $name"
    sleep 3
  done
  rm -f "$DEST/$name.part"
  return 1
}

verify() {
  local f="$1"
  if command -v dcmdump >/dev/null 2>&1; then
    dcmdump -q "$f" >/dev/null 2>&1 || { log "corrupt DICOM: $f"; return 1; }
  fi
  return 0
}

main() {
  local listing name got=0 failed=0
  listing=$(remote_listing) || { log "cannot list ${XRAY_HOST}${XRAY_DIR}"; exit 1; }
  while IFS= read -r name; do
    name=${name%$'\r'}
    wanted "$name" || continue
    if (( DRY_RUN )); then
      echo "would fetch $name"
      continue
    fi
    if fetch_one "$name" && verify "$DEST/$name"; then
      got=$((got + 1))
    else
      failed=$((failed + 1))
    fi
  done <<<"$listing"
  log "fetched $got new studies, $failed failures"
  (( failed == 0 ))
}

main
