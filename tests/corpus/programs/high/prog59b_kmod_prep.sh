#!/usr/bin/env bash
# Make sure the kernel modules a container node needs are loaded.
# Reads module names from ./node-modules.txt (one per line) if present.
set -euo pipefail

LIST="${MODULE_LIST:-node-modules.txt}"
DEFAULT_MODULES=(overlay br_netfilter nf_conntrack ip_vs ip_vs_rr ip_vs_wrr)
CHECK_ONLY=0

usage() { echo "usage: $0 [--check]" >&2; }

for arg in "$@"; do
    case "$arg" in
        --check) CHECK_ONLY=1 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

say() { printf '\033[1m==>\033[0m %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

elevate() {
    local tool
    if [[ $EUID -eq 0 ]]; then
        "$@"; return
    fi
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            "$tool" "$@"; return
        fi
    done
    warn "no way to become root for: $*"
    return 1
}

wanted_modules() {
    if [[ -r "$LIST" ]]; then
        sed -e 's/#.*//' -e 's/[[:space:]]//g' "$LIST" | awk 'NF' | sort -u
    else
        printf '%s\n' "${DEFAULT_MODULES[@]}"
    fi
}

is_loaded() {
    local name="${1//-/_}"
    [[ -d "/sys/module/$name" ]] || awk -v m="$name" '$1 == m {found=1} END {exit !found}' /proc/modules
}

exists() { modinfo -F filename "$1" >/dev/null 2>&1; }

mapfile -t modules < <(wanted_modules)
say "kernel $(uname -r), ${#modules[@]} module(s) wanted"

missing=()
for m in "${modules[@]}"; do
    if is_loaded "$m"; then
        printf '  %-16s loaded\n' "$m"
    elif exists "$m"; then
        printf '  %-16s missing\n' "$m"
        missing+=("$m")
    else
        printf '  %-16s not available for this kernel\n' "$m"
    fi
done

if (( ${#missing[@]} == 0 )); then
    say "nothing to do"; exit 0
fi
if (( CHECK_ONLY )); then
    say "${#missing[@]} module(s) would be loaded: ${missing[*]}"; exit 1
fi

loaded=0
for m in "${missing[@]}"; do
    if elevate modprobe -- "$m"; then
        loaded=$((loaded + 1))
    else
        warn "modprobe $m failed"
    fi
done
say "loaded $loaded of ${#missing[@]} module(s)"
(( loaded == ${#missing[@]} ))
