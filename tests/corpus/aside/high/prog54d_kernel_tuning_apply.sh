#!/usr/bin/env bash
# kernel_tuning_apply.sh - render a sysctl drop-in from a profile and load it
# Profiles live in ./tuning/<name>.profile as "key = value" lines.
# Usage: kernel_tuning_apply.sh -p profile [-n] [-d dropin-name]
set -euo pipefail

PROFILE_DIR="./tuning"
PROFILE=""
DRY=0
DROPIN_NAME="60-workload-tuning.conf"
DROPIN_DIR="/etc/sysctl.d"

# keys we are willing to manage, with a sanity range "min:max"
declare -A ALLOWED=(
    [vm.swappiness]="0:100"
    [vm.dirty_ratio]="5:60"
    [vm.dirty_background_ratio]="1:30"
    [net.core.somaxconn]="128:65535"
    [net.core.rmem_max]="212992:268435456"
    [net.core.wmem_max]="212992:268435456"
    [net.ipv4.tcp_fin_timeout]="10:120"
    [fs.inotify.max_user_watches]="8192:2097152"
)

log() { printf '[%s] %s\n' "$(date +%T)" "$*" >&2; }

while getopts ":p:nd:" o; do
    case "$o" in
        p) PROFILE="$OPTARG" ;;
        n) DRY=1 ;;
        d) DROPIN_NAME="$OPTARG" ;;
        *) log "usage: $0 -p profile [-n] [-d name]"; exit 2 ;;
    esac
done
[[ -n "$PROFILE" ]] || { log "profile required (-p)"; exit 2; }
src="$PROFILE_DIR/$PROFILE.profile"
[[ -r "$src" ]] || { log "cannot read $src"; exit 1; }

SUDO=""
(( EUID == 0 )) || SUDO="sudo"

declare -a lines=()
while IFS='=' read -r key val; do
    key="${key//[[:space:]]/}"
    val="$(echo "$val" | xargs)"
    [[ -z "$key" || "$key" == \#* ]] && continue
    range="${ALLOWED[$key]:-}"
    if [[ -z "$range" ]]; then
        log "skipping unmanaged key $key"; continue
    fi
    lo="${range%%:*}"; hi="${range##*:}"
    if ! [[ "$val" =~ ^[0-9]+$ ]] || (( val < lo || val > hi )); then
        log "value $val for $key outside $range"; exit 1
    fi
    lines+=("$key = $val")
done < "$src"

(( ${#lines[@]} )) || { log "nothing to apply"; exit 0; }

render() {
    cat <<HEADER
# Managed by kernel_tuning_apply.sh - profile "$PROFILE"
# Generated $(date -u +%FT%TZ) on $(hostname -s); do not edit by hand.
HEADER
    printf '%s\n' "${lines[@]}"
}

if (( DRY )); then
    render
    exit 0
fi

target="$DROPIN_DIR/$DROPIN_NAME"
log "writing $target (${#lines[@]} keys)"
render | $SUDO tee "$target" >/dev/null
$SUDO chmod 0644 "$target"
$SUDO chown root:root "$target"

log "loading $target"
$SUDO sysctl -p "$target"

for entry in "${lines[@]}"; do
    k="${entry%% =*}"
    printf '%-32s %s\n' "$k" "$(sysctl -n "$k")"
done
