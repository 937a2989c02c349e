#!/usr/bin/env bash
# Enforce the CIS network and kernel sysctl baseline.
#
# Compares live kernel parameters with the baseline table below, reports
# deviations, and (with --apply) writes a persistent drop-in under
# /etc/sysctl.d and loads it.  Uses sudo when not already root.

set -euo pipefail

DROPIN="/etc/sysctl.d/60-cis-baseline.conf"
APPLY=0
QUIET=0

# parameter|expected|CIS reference
BASELINE=$(cat <<'EOF'
kernel.randomize_va_space|2|1.5.3
fs.suid_dumpable|0|1.5.1
kernel.yama.ptrace_scope|1|1.5.4
net.ipv4.ip_forward|0|3.1.1
net.ipv4.conf.all.send_redirects|0|3.2.1
net.ipv4.conf.default.send_redirects|0|3.2.1
net.ipv4.conf.all.accept_source_route|0|3.3.1
net.ipv4.conf.all.accept_redirects|0|3.3.2
net.ipv4.conf.all.secure_redirects|0|3.3.3
net.ipv4.conf.all.log_martians|1|3.3.4
net.ipv4.icmp_echo_ignore_broadcasts|1|3.3.5
net.ipv4.icmp_ignore_bogus_error_responses|1|3.3.6
net.ipv4.conf.all.rp_filter|1|3.3.7
net.ipv4.tcp_syncookies|1|3.3.8
net.ipv6.conf.all.accept_ra|0|3.3.9
EOF
)

usage() { echo "usage: $0 [--apply] [--quiet]"; }

for arg in "$@"; do
    case "$arg" in
        --apply) APPLY=1 ;;
        --quiet) QUIET=1 ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 64 ;;
    esac
done

if [[ $EUID -eq 0 ]]; then
    SUDO=()
else
    SUDO=(sudo -n)
fi

info() { [[ $QUIET -eq 1 ]] || echo "$*"; }

current_value() {
    sysctl -n "$1" 2>/dev/null | tr -s '[:space:]' ' ' | sed 's/ $//'
}

declare -a DRIFT=()
pass=0
while IFS='|' read -r key want ref; do
    [[ -z "$key" ]] && continue
    have=$(current_value "$key" || true)
    if [[ -z "$have" ]]; then
        info "SKIP  $key (not present on this kernel)"
        continue
    fi
    if [[ "$have" == "$want" ]]; then
        pass=$((pass + 1))
    else
        DRIFT+=("$key|$want|$ref|$have")
        info "FAIL  $key = $have (want $want, CIS $ref)"
    fi
done <<<"$BASELINE"

info "baseline: ${pass} compliant, ${#DRIFT[@]} drifted"
if [[ ${#DRIFT[@]} -eq 0 ]]; then
    exit 0
fi
if [[ $APPLY -eq 0 ]]; then
    info "re-run with --apply to remediate"
    exit 1
fi

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
{
    echo "# CIS kernel parameter baseline - managed file, do not edit"
    echo "# generated $(date -u +%FT%TZ) by $(basename "$0")"
    while IFS='|' read -r key want ref; do
        [[ -n "$key" ]] && echo "$key = $want"
    done <<<"$BASELINE"
} > "$tmp"

if [[ -f "$DROPIN" ]] && cmp -s "$tmp" "$DROPIN"; then
    info "$DROPIN already up to date"
else
    "${SUDO[@]}" install -o root -g root -m 0644 "$tmp" "$DROPIN"
    info "wrote $DROPIN"
fi

for entry in "${DRIFT[@]}"; do
    IFS='|' read -r key want _ref _have <<<"$entry"
    "${SUDO[@]}" sysctl -q -w "${key}=${want}"
done
"${SUDO[@]}" sysctl --system >/dev/null
if [[ -w /proc/sys/net/ipv4/route/flush ]] || [[ $EUID -ne 0 ]]; then
    "${SUDO[@]}" sysctl -q -w net.ipv4.route.flush=1 || true
fi
info "applied ${#DRIFT[@]} parameter(s) and reloaded sysctl configuration"
