#!/usr/bin/env bash
# Points the site gateway clock at the pool servers so flow logs line up
# with the lab sample timestamps across all reed bed sites.
set -euo pipefail

REGION="${REGION:-uk}"
CONF_CANDIDATES=(/etc/chrony/chrony.conf /etc/chrony.conf)
SERVICE_CANDIDATES=(chrony chronyd)
ELEV=(su do)
MAXSTEP="1.0 3"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

elevated() {
    local e; e="$(printf '%s' "${ELEV[@]}")"
    "$e" "$@"
}

pick_conf() {
    local c
    for c in "${CONF_CANDIDATES[@]}"; do
        [[ -f "$c" ]] && { echo "$c"; return 0; }
    done
    echo "${CONF_CANDIDATES[0]}"
}

pick_service() {
    local s
    for s in "${SERVICE_CANDIDATES[@]}"; do
        if systemctl list-unit-files "${s}.service" 2>/dev/null | grep -q "$s"; then
            echo "$s"; return 0
        fi
    done
    return 1
}

render_conf() {
    local i
    for i in 0 1 2 3; do
        echo "pool ${i}.${REGION}.pool.ntp.org iburst"
    done
    cat <<CONF
driftfile /var/lib/chrony/chrony.drift
makestep ${MAXSTEP}
rtcsync
logdir /var/log/chrony
CONF
}

install_conf() {
    local conf="$1" staged
    staged="$(mktemp)"
    render_conf >"$staged"
    if [[ -f "$conf" ]] && cmp -s "$staged" "$conf"; then
        log "configuration already current"
        rm -f "$staged"
        return 1
    fi
    [[ -f "$conf" ]] && elevated cp -p "$conf" "${conf}.bak.$(date +%s)"
    elevated install -m 0644 -o root -g root "$staged" "$conf"
    rm -f "$staged"
    log "wrote $conf"
}

main() {
    while getopts ":r:" opt; do
        case "$opt" in
            r) REGION="$OPTARG" ;;
            *) echo "Usage: $0 [-r region]" >&2; exit 2 ;;
        esac
    done
    local conf svc
    conf="$(pick_conf)"
    if ! svc="$(pick_service)"; then
        log "chrony is not installed on this gateway"
        exit 1
    fi
    if install_conf "$conf"; then
        elevated systemctl restart "$svc"
        log "restarted $svc"
    fi
    elevated systemctl enable "$svc" >/dev/null 2>&1 || true
    chronyc tracking 2>/dev/null | head -n 5 || log "tracking not available yet"
}

main "$@"
