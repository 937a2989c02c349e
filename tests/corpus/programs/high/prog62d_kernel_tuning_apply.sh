#!/usr/bin/env bash
# Apply the ingest-node kernel profile: read key=value pairs from a profile
# file, apply them live with sysctl and persist them in /etc/sysctl.d.
set -euo pipefail

PROFILE="${1:-profiles/ingest-node.conf}"
DROPIN="/etc/sysctl.d/60-ingest-node.conf"
LOGFILE="./tuning-$(date +%Y%m%d).log"
ALLOWED_PREFIXES=(net.core. net.ipv4.tcp_ vm. fs.file-max fs.inotify.)

log() { echo "$(date -Is) $*" | tee -a "$LOGFILE" >&2; }

if [[ $EUID -ne 0 ]]; then
    log "re-executing with sudo"
    exec sudo -- "$0" "$@"
fi

[[ -r "$PROFILE" ]] || { log "cannot read $PROFILE"; exit 1; }

allowed() {
    local key=$1 p
    for p in "${ALLOWED_PREFIXES[@]}"; do
        [[ "$key" == "$p"* ]] && return 0
    done
    return 1
}

declare -A wanted=()
while IFS='=' read -r key value; do
    key="${key//[[:space:]]/}"
    value="$(echo "$value" | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//')"
    [[ -z "$key" || "$key" == \#* ]] && continue
    if ! allowed "$key"; then
        log "refusing non-whitelisted key $key"
        continue
    fi
    wanted["$key"]="$value"
done < "$PROFILE"

changed=0
for key in "${!wanted[@]}"; do
    current="$(sysctl -n "$key" 2>/dev/null | tr -s '[:space:]' ' ' || true)"
    target="${wanted[$key]}"
    if [[ "$current" == "$target" ]]; then
        continue
    fi
    log "$key: '$current' -> '$target'"
    if sysctl -q -w "$key=$target"; then
        changed=$((changed + 1))
    else
        log "failed to set $key"
    fi
done

tmp="$(mktemp "${DROPIN}.XXXXXX")"
{
    echo "# generated from $PROFILE on $(date -Is); do not edit"
    for key in $(printf '%s\n' "${!wanted[@]}" | sort); do
        echo "$key = ${wanted[$key]}"
    done
} > "$tmp"
chmod 0644 "$tmp"
mv -f "$tmp" "$DROPIN"

log "$changed value(s) changed live; persisted ${#wanted[@]} key(s) in $DROPIN"
