#!/usr/bin/env bash
# Upload dSYM bundles from an Xcode archive to the CrashDeck symbolication
# backend so iOS/macOS crash reports get symbolicated.
#
# Usage: dsym_upload.sh -a path/to/App.xcarchive -p com.acme.wallet [-n]
#   CRASHDECK_TOKEN must be set (project upload token).
set -euo pipefail

CRASHDECK_API="${CRASHDECK_API:-https://symbols.crashdeck.example.com/api/v1}"
WORK_DIR="${WORK_DIR:-./build/symbols}"
MAX_ATTEMPTS=4
DRY_RUN=0
ARCHIVE=""
PROJECT=""

log()  { printf '[dsym] %s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

usage() {
  sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
  exit 64
}

while getopts ":a:p:nh" opt; do
  case "$opt" in
    a) ARCHIVE="$OPTARG" ;;
    p) PROJECT="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h|*) usage ;;
  esac
done

[[ -n "$ARCHIVE" && -n "$PROJECT" ]] || usage
[[ -d "$ARCHIVE/dSYMs" ]] || die "no dSYMs directory in $ARCHIVE"
: "${CRASHDECK_TOKEN:?CRASHDECK_TOKEN is not set}"

mkdir -p "$WORK_DIR"

collect_uuids() {
  # prints "UUID arch" lines for one dSYM bundle
  xcrun dwarfdump --uuid "$1" 2>/dev/null | awk '{print $2, $3}' | tr -d '()'
}

package_dsym() {
  local dsym="$1" name zip
  name="$(basename "$dsym" .dSYM)"
  zip="$WORK_DIR/${name}.dSYM.zip"
  ditto -c -k --keepParent "$dsym" "$zip"
  printf '%s\n' "$zip"
}

upload_one() {
  local zip="$1" uuids="$2" attempt=1 status
  while (( attempt <= MAX_ATTEMPTS )); do
    status=$(curl -sS -o "$WORK_DIR/last_response.json" -w '%{http_code}' \
      --max-time 300 \
      -H "Authorization: Bearer ${CRASHDECK_TOKEN}" \
      -F "project=${PROJECT}" \
      -F "uuids=${uuids}" \
      -F "file=@${zip};type=application/zip" \
      "${CRASHDECK_API}/projects/${PROJECT}/dsyms" || echo 000)
    case "$status" in
      200|201|409) return 0 ;;
      4??) log "rejected ($status): $(head -c 300 "$WORK_DIR/last_response.json")"; return 1 ;;
    esac
    log "upload of $(basename "$zip") failed with $status, attempt $attempt/$MAX_ATTEMPTS"
    sleep $(( attempt * 5 ))
    attempt=$(( attempt + 1 ))
  done
  return 1
}

main() {
  local failures=0 count=0 dsym zip uuids
  while IFS= read -r -d '' dsym; do
    uuids="$(collect_uuids "$dsym" | paste -sd, -)"
    [[ -n "$uuids" ]] || { log "skipping $dsym (no UUIDs)"; continue; }
    zip="$(package_dsym "$dsym")"
    count=$(( count + 1 ))
    log "prepared $(basename "$zip") [$uuids]"
    if (( DRY_RUN )); then
      continue
    fi
    upload_one "$zip" "$uuids" || failures=$(( failures + 1 ))
  done < <(find "$ARCHIVE/dSYMs" -maxdepth 1 -name '*.dSYM' -print0)

  log "processed $count dSYM bundle(s), $failures failure(s)"
  if (( failures == 0 && DRY_RUN == 0 )); then
    rm -rf "$WORK_DIR"
  fi
  return $(( failures > 0 ))
}

main "$@"
