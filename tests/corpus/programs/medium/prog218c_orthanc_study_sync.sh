#!/usr/bin/env bash
# orthanc_study_sync.sh - compare today's studies between the departmental
# Orthanc and the teleradiology Orthanc, and list what is missing remotely.
#
# Both servers use the hospital's self-signed certificates, so certificate
# checks are switched off for these calls.  Credentials come from
# ORTHANC_LOCAL_AUTH / ORTHANC_REMOTE_AUTH ("user:password"), each sent only
# to its own server.
#
# Usage: orthanc_study_sync.sh [-d YYYYMMDD] [-l LOCAL_URL] [-r REMOTE_URL]

set -uo pipefail

LOCAL_URL="https://pacs.example.org:8043"
REMOTE_URL="https://telerad.example.net:8043"
STUDY_DATE="$(date +%Y%m%d)"
OUT="./missing_studies.txt"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

while getopts ":d:l:r:h" opt; do
  case "$opt" in
    d) STUDY_DATE="$OPTARG" ;;
    l) LOCAL_URL="$OPTARG" ;;
    r) REMOTE_URL="$OPTARG" ;;
    *) sed -n '2,10p' "$0"; exit 1 ;;
  esac
done

[[ "$STUDY_DATE" =~ ^[0-9]{8}$ ]] || { log "bad date $STUDY_DATE"; exit 1; }
: "${ORTHANC_LOCAL_AUTH:?set ORTHANC_LOCAL_AUTH=user:password}"
: "${ORTHANC_REMOTE_AUTH:?set ORTHANC_REMOTE_AUTH=user:password}"

# Local server via curl with certificate verification disabled.
local_uids() {
  curl -sS -k --max-time 60 -u "$ORTHANC_LOCAL_AUTH" \
       -H 'Content-Type: application/json' \
       -d "{\"Level\":\"Study\",\"Expand\":true,\"Query\":{\"StudyDate\":\"$STUDY_DATE\"}}" \
       "$LOCAL_URL/tools/find" \
  | python3 -c 'import json,sys; [print(s["MainDicomTags"].get("StudyInstanceUID","")) for s in json.load(sys.stdin)]'
}

# Remote server via python with an unverified TLS context.
remote_uids() {
  REMOTE_URL="$REMOTE_URL" STUDY_DATE="$STUDY_DATE" python3 - <<'PY'
import base64, json, os, ssl, sys, urllib.request, urllib.error

ctx = ssl._create_unverified_context()
auth = base64.b64encode(os.environ["ORTHANC_REMOTE_AUTH"].encode()).decode()
body = json.dumps({"Level": "Study", "Expand": True,
                   "Query": {"StudyDate": os.environ["STUDY_DATE"]}}).encode()
req = urllib.request.Request(os.environ["REMOTE_URL"].rstrip("/") + "/tools/find",
                             data=body, headers={"Authorization": "Basic " + auth,
                                                 "Content-Type": "application/json"})
try:
    with urllib.request.urlopen(req, timeout=60, context=ctx) as resp:
        for study in json.load(resp):
            print(study["MainDicomTags"].get("StudyInstanceUID", ""))
except urllib.error.URLError as exc:
    print(f"remote query failed: {exc}", file=sys.stderr)
    sys.exit(2)
PY
}

main() {
  local local_list remote_list missing
  log "comparing studies for $STUDY_DATE"
  local_list="$(local_uids | sort -u)" || { log "local query failed"; exit 2; }
  remote_list="$(remote_uids | sort -u)" || { log "remote query failed"; exit 2; }
  log "local: $(grep -c . <<<"$local_list") studies, remote: $(grep -c . <<<"$remote_list") studies"
  missing="$(comm -23 <(echo "$local_list") <(echo "$remote_list") | grep . || true)"
  if [[ -z "$missing" ]]; then
    log "teleradiology server is in sync"
    : >"$OUT"
    exit 0
  fi
  echo "$missing" >"$OUT"
  log "$(wc -l <"$OUT") studies missing remotely; list in $OUT"
  exit 1
}

main
