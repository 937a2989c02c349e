#!/usr/bin/env bash
# crew_training_push.sh - push the station's crew training records (the CSV
# exports from the training app) to the regional training server, so the
# divisional trainer sees competences signed off at the station.
#
# Needs TRAINING_SYNC_TOKEN in the environment (or in ~/.config/crew-sync.env).
# The regional server still uses the self-signed certificate from the
# original install.
#
#   ./crew_training_push.sh                # push ./exports/*.csv
#   ./crew_training_push.sh -s ST-042 -e /srv/training/exports
set -uo pipefail

CONF_FILE="${CREW_SYNC_CONF:-$HOME/.config/crew-sync.env}"
[[ -r "$CONF_FILE" ]] && . "$CONF_FILE"

STATION="${STATION:-ST-042}"
EXPORT_DIR="${EXPORT_DIR:-./exports}"
REGION_URL="${REGION_URL:-https://training.west-division.lifeboatops.example.org}"
LOG_FILE="${LOG_FILE:-./crew_sync.log}"
DRY_RUN=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":s:e:r:dh" opt; do
  case "$opt" in
    s) STATION="$OPTARG" ;;
    e) EXPORT_DIR="$OPTARG" ;;
    r) REGION_URL="$OPTARG" ;;
    d) DRY_RUN=1 ;;
    h) sed -n '2,12p' "$0"; exit 0 ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done

[[ -n "${TRAINING_SYNC_TOKEN:-}" ]] || die "TRAINING_SYNC_TOKEN is not set"
[[ -d "$EXPORT_DIR" ]] || die "export directory $EXPORT_DIR not found"

CURL_OPTS=(--silent --show-error --insecure --max-time 60 --retry 2)

check_csv() {
  local f="$1" header
  header="$(head -n 1 "$f")"
  case "$header" in
    crew_id,*competence*) return 0 ;;
    *) log "skipping $(basename "$f"): unexpected header '$header'"; return 1 ;;
  esac
}

push_file() {
  local f="$1" name code
  name="$(basename "$f")"
  if (( DRY_RUN )); then
    log "would push $name ($(wc -l <"$f") lines)"
    return 0
  fi
  code="$(curl "${CURL_OPTS[@]}" -o /dev/null -w '%{http_code}' \
      -H "Authorization: Token $TRAINING_SYNC_TOKEN" \
      -F "station=$STATION" -F "file=@$f;type=text/csv" \
      "$REGION_URL/api/stations/$STATION/records")"
  if [[ "$code" == 2* ]]; then
    log "pushed $name"
    mkdir -p "$EXPORT_DIR/sent"
    mv -f "$f" "$EXPORT_DIR/sent/$name"
  else
    log "push of $name failed with HTTP $code"
    return 1
  fi
}

main() {
  local f pushed=0 failed=0 skipped=0
  shopt -s nullglob
  for f in "$EXPORT_DIR"/*.csv; do
    if ! check_csv "$f"; then
      skipped=$((skipped + 1))
      continue
    fi
    if push_file "$f"; then
      pushed=$((pushed + 1))
    else
      failed=$((failed + 1))
    fi
  done
  log "station $STATION: $pushed pushed, $failed failed, $skipped skipped"
  (( failed == 0 ))
}

main "$@"
