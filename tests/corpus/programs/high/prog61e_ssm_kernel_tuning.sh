#!/usr/bin/env bash
# Apply kernel network tuning published in SSM Parameter Store.
# Parameters live under /platform/<env>/sysctl/<key with dots as slashes>,
# e.g. /platform/prod/sysctl/net/core/somaxconn = 4096
set -euo pipefail

ENVIRONMENT="${PLATFORM_ENV:-staging}"
REGION="${AWS_REGION:-us-east-1}"
RELOAD_UNITS=("nginx.service" "haproxy.service")
ALLOWED_PREFIXES=("net.core." "net.ipv4.tcp_" "net.ipv4.ip_local_port_range" "vm.swappiness" "fs.file-max")
CHECK_ONLY=0

log() { logger -t ssm-sysctl -- "$*" 2>/dev/null || true; echo "ssm-sysctl: $*"; }

usage() { echo "usage: $0 [-e env] [-r region] [-c]" >&2; exit 2; }

while getopts ":e:r:c" o; do
    case $o in
        e) ENVIRONMENT=$OPTARG ;;
        r) REGION=$OPTARG ;;
        c) CHECK_ONLY=1 ;;
        *) usage ;;
    esac
done

prefix="/platform/${ENVIRONMENT}/sysctl"

allowed() {
    local key=$1 p
    for p in "${ALLOWED_PREFIXES[@]}"; do
        [[ $key == "$p"* ]] && return 0
    done
    return 1
}

params=$(aws ssm get-parameters-by-path --region "$REGION" --path "$prefix" \
            --recursive --query 'Parameters[].[Name,Value]' --output text)
[[ -n "$params" ]] || { log "no parameters under $prefix"; exit 0; }

changed=0
while IFS=$'\t' read -r name value; do
    key=${name#"$prefix"/}
    key=${key//\//.}
    if ! allowed "$key"; then
        log "refusing non-allow-listed key $key"
        continue
    fi
    current=$(sysctl -n "$key" 2>/dev/null | tr -s '\t ' ' ') || { log "unknown key $key"; continue; }
    wanted=$(echo "$value" | tr -s '\t ' ' ')
    if [[ "$current" == "$wanted" ]]; then
        continue
    fi
    if (( CHECK_ONLY )); then
        log "drift: $key is '$current', want '$wanted'"
    else
        sudo sysctl -q -w "$key=$wanted"
        log "set $key=$wanted (was $current)"
    fi
    changed=$((changed + 1))
done <<< "$params"

if (( changed > 0 && ! CHECK_ONLY )); then
    for unit in "${RELOAD_UNITS[@]}"; do
        if systemctl is-active --quiet "$unit"; then
            sudo systemctl reload "$unit" && log "reloaded $unit"
        fi
    done
fi

log "$changed keys $( (( CHECK_ONLY )) && echo drifted || echo updated ) for $ENVIRONMENT"
(( CHECK_ONLY && changed > 0 )) && exit 1
exit 0
