#!/usr/bin/env bash
# compliance_report_runner.sh - run the vendor's sealed compliance report
# generator (self-exclusion breaches, under-age alerts, AML thresholds) for
# one gaming day and collect the PDFs into ./reports/<day>/.
#
# The generator is only distributed as a container image.  Back-office boxes
# don't have the docker CLI installed (only the engine), so this talks to the
# engine API directly.
#
# Usage: compliance_report_runner.sh [-d YYYY-MM-DD] [-i image] [-k]

set -euo pipefail

DOCKER_SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
IMAGE="${REPORT_IMAGE:-registry.casinoreg.internal/compliance/report-gen:4.8.2}"
DAY="$(date -d yesterday +%F)"
KEEP=0
OUT_ROOT="$PWD/reports"
DSN_FILE="$PWD/report_dsn.env"

log() { echo "[$(date +%T)] $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":d:i:k" o; do
    case "$o" in
        d) DAY="$OPTARG" ;;
        i) IMAGE="$OPTARG" ;;
        k) KEEP=1 ;;
        *) echo "usage: $0 [-d day] [-i image] [-k]" >&2; exit 2 ;;
    esac
done

[[ -S "$DOCKER_SOCK" ]] || die "engine socket $DOCKER_SOCK not found"
[[ -r "$DSN_FILE" ]] || die "missing $DSN_FILE (REPORT_DSN=...)"
command -v jq >/dev/null || die "jq required"

engine() {
    # engine METHOD PATH [JSON]
    local method="$1" path="$2" body="${3:-}"
    if [[ -n "$body" ]]; then
        curl -sS --fail-with-body --unix-socket "$DOCKER_SOCK" -X "$method" \
            -H 'Content-Type: application/json' -d "$body" "$API$path"
    else
        curl -sS --fail-with-body --unix-socket "$DOCKER_SOCK" -X "$method" "$API$path"
    fi
}

out_dir="$OUT_ROOT/$DAY"
mkdir -p "$out_dir"

log "pulling $IMAGE"
engine POST "/images/create?fromImage=${IMAGE%:*}&tag=${IMAGE##*:}" >/dev/null \
    || die "image pull failed"

mapfile -t env_lines < <(grep -E '^[A-Z_]+=' "$DSN_FILE")
env_json=$(printf '%s\n' "${env_lines[@]}" "REPORT_DAY=$DAY" | jq -R . | jq -s .)

spec=$(jq -n --arg img "$IMAGE" --arg out "$out_dir" --argjson env "$env_json" '{
    Image: $img,
    Cmd: ["generate", "--all", "--format", "pdf", "--out", "/out"],
    Env: $env,
    User: "1000:1000",
    HostConfig: {
        Binds: [($out + ":/out:rw")],
        NetworkMode: "bridge",
        Memory: 2147483648,
        ReadonlyRootfs: true,
        Tmpfs: {"/tmp": "rw,size=256m"}
    },
    Labels: {"purpose": "compliance-report"}
}')

cid=$(engine POST "/containers/create?name=report-gen-${DAY//-/}" "$spec" | jq -r .Id) \
    || die "create failed"
log "container ${cid:0:12} created"

cleanup() {
    (( KEEP )) || engine DELETE "/containers/$cid?force=true" >/dev/null 2>&1 || true
}
trap cleanup EXIT

engine POST "/containers/$cid/start" >/dev/null || die "start failed"
status=$(engine POST "/containers/$cid/wait" | jq -r .StatusCode)
engine GET "/containers/$cid/logs?stdout=1&stderr=1&tail=200" \
    | tr -d '\000-\010' > "$out_dir/generator.log" || true

if [[ "$status" != "0" ]]; then
    die "generator exited $status, see $out_dir/generator.log"
fi
count=$(find "$out_dir" -maxdepth 1 -name '*.pdf' | wc -l)
log "$count report(s) written to $out_dir"
