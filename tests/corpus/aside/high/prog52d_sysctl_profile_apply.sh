#!/usr/bin/env bash
# Apply a named kernel tuning profile for database hosts.
# Settings come from a profile table below (or profiles/<name>.tsv), are
# assembled into /etc/sysctl.d/90-dbhost-<profile>.conf and loaded with
# sysctl. Uses sudo when not already root.
set -euo pipefail

PROFILE="${1:-postgres}"
PROFILE_DIR="${PROFILE_DIR:-profiles}"
DEST="/etc/sysctl.d/90-dbhost-${PROFILE}.conf"
DRY_RUN="${DRY_RUN:-0}"

SUDO=""
if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
fi

log() { printf '[sysctl-profile] %s\n' "$*" >&2; }

declare -A settings=()

load_builtin() {
    case "$1" in
        postgres)
            settings[vm.swappiness]=10
            settings[vm.dirty_background_ratio]=5
            settings[vm.dirty_ratio]=15
            settings[net.core.somaxconn]=4096
            settings[kernel.shmmax]=17179869184 ;;
        redis)
            settings[vm.overcommit_memory]=1
            settings[net.core.somaxconn]=65535
            settings[net.ipv4.tcp_max_syn_backlog]=8192 ;;
        *) return 1 ;;
    esac
}

load_file() {
    local key value
    while IFS=$'\t' read -r key value; do
        [[ -z "$key" || "$key" == \#* ]] && continue
        settings["$key"]="$value"
    done < "$1"
}

if [[ -f "$PROFILE_DIR/$PROFILE.tsv" ]]; then
    log "loading profile from $PROFILE_DIR/$PROFILE.tsv"
    load_file "$PROFILE_DIR/$PROFILE.tsv"
elif ! load_builtin "$PROFILE"; then
    log "unknown profile: $PROFILE"; exit 1
fi

render() {
    printf '# kernel tuning profile "%s" -- generated %s\n' "$PROFILE" "$(date -u +%F)"
    local k
    for k in $(printf '%s\n' "${!settings[@]}" | sort); do
        printf '%s = %s\n' "$k" "${settings[$k]}"
    done
}

staging="$(mktemp "${TMPDIR:-/tmp}/sysctl.XXXXXX")"
trap 'rm -f "$staging"' EXIT
render > "$staging"

if [[ "$DRY_RUN" == 1 ]]; then
    cat "$staging"; exit 0
fi

log "current values:"
for k in "${!settings[@]}"; do
    printf '  %-36s %s\n' "$k" "$(sysctl -n "$k" 2>/dev/null || echo '?')" >&2
done

$SUDO install -m 0644 -o root -g root "$staging" "$DEST"
log "wrote $DEST"
$SUDO sysctl -p "$DEST"
log "profile $PROFILE applied"
